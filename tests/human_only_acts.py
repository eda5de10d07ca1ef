"""A generated table of human-only acts said the way engineers say them, with agent-work twins.

Each domain lists verbs, objects and places from how engineers talk (not copied from any corpus). An act is
verb + object (+ place). The HUMAN place (or object) makes it a human-only decision; the TWIN place moves the same
act onto agent work (staging, a sandbox, a local copy, the agent's own branch, a test fixture). Every act runs
through the hand-over constructions that must bind it: human-only → exempt, twin → fire.

A third of every domain's vocabulary is HELD OUT (``held=True`` rows): acts that use a held-out word are the
unseen split, judged only at the end of a change (tests assert the seen split only).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

# domain: (verbs, objects, human places, twin places); a word after "|" in a list is held out
DOMAINS: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {
    "credentials": (
        ["roll", "rotate", "revoke", "cycle", "|regenerate", "|reissue"],
        [
            "the API signing secret",
            "the deploy key",
            "the Stripe webhook secret",
            "the database password",
            "|the TLS certificate",
            "|the service account token",
            "|the OAuth client secret",
        ],
        ["in prod", "for the production app"],
        ["in the test fixture", "in the local .env.example"],
    ),
    "iam": (
        ["give the deploy bot", "grant the CI runner", "|hand the contractor"],
        ["admin rights", "owner access", "the org admin role", "|write permissions", "|maintainer privileges"],
        ["on the org", "in the production AWS account", "|on the company GitHub org"],
        ["in the local seed data", "in the test fixture users"],
    ),
    "billing": (
        ["upgrade", "bump", "raise", "|downgrade", "|increase"],
        [
            "our Vercel seat count",
            "the Datadog plan",
            "the OpenAI spend cap",
            "the Supabase tier",
            "|the Sentry quota",
            "|our reserved instances",
            "|the GitHub Actions minutes budget",
        ],
        ["", "on the company account"],
        ["in the pricing-page fixture", "in the billing mock"],
    ),
    "production-data": (
        ["drop", "truncate", "wipe", "purge", "|hard-delete", "|backfill over"],
        [
            "the orders_archive table",
            "the stale sessions",
            "the customer uploads bucket",
            "|the audit log rows",
            "|the user records",
        ],
        ["on the prod database", "in production", "|on the live cluster", "|in the customer-facing DB"],
        ["on the staging database", "in my local copy", "in the test fixture"],
    ),
    "production-deploy": (
        ["ship", "roll out", "promote", "deploy", "|cut over", "|push out"],
        ["the new checkout flow", "the v2 API", "the payments service", "|the search rewrite"],
        ["to prod", "to production", "to all users", "|to every customer", "|to the live site"],
        ["to staging", "to my sandbox", "to the preview environment"],
    ),
    "infrastructure": (
        ["apply", "destroy", "tear down", "resize", "|recreate", "|scale down"],
        ["the Terraform plan", "the node pool", "the Redis cluster", "|the load balancer", "|the VPC"],
        ["in the shared account", "in the prod account", "on the production cluster", "|in the team account"],
        ["in my sandbox account", "in the local kind cluster", "in the throwaway test stack"],
    ),
    "release": (
        ["publish", "cut", "tag", "|push"],
        ["the 2.0 release", "the new package version", "|the release candidate"],
        ["to npm", "to PyPI", "on the public registry", "|to crates.io"],
        ["to the local verdaccio", "to the test registry"],
    ),
    "history": (
        ["force-push", "rewrite", "|rebase and force-push", "|delete the tags on"],
        ["main", "the release branch", "|the public history"],
        ["on the public remote", "on origin", "|on the upstream repo"],
        ["on my feature branch", "on my local clone"],
    ),
    # r35a: a package or app published to a public store, and a rollout to the devices in the field
    "store-release": (
        ["publish", "submit", "|upload"],
        ["the signed build", "the new app version", "|the game build"],
        ["to the App Store", "to Google Play", "|to itch.io"],
        ["to my test device", "to the local emulator"],
    ),
    "fleet-rollout": (
        ["roll out", "ship", "|push out"],
        ["firmware 2.1", "the new OTA image", "|the thermostat update"],
        ["to the fleet", "to the whole fleet", "|to the customer fleet"],
        ["to the bench rig", "to my test device"],
    ),
    "merge-approval": (
        ["merge", "approve", "|sign off on", "|land"],
        ["the PR", "this pull request", "|the hotfix PR"],
        ["with the failing checks", "past the required review", "|over the branch protection"],
        ["into my working branch", "into the feature branch I opened"],
    ),
}

CONSTRUCTIONS = [
    "Whether to {act} is your call.",
    "It's up to you whether to {act}.",
    "Should I {act}, or leave it for now?",
    "Do you want to {act} now or after the review?",
    "I'll leave it to you whether to {act}.",
    "Whether we {act} is yours.",
]


@dataclass(frozen=True)
class Case:
    domain: str
    act: str
    text: str
    human: bool  # human-only (expect exempt) vs agent twin (expect fire)
    held: bool  # uses a held-out word


def _clean(words: list[str]) -> list[tuple[str, bool]]:
    return [(w.lstrip("|"), w.startswith("|")) for w in words]


def acts(domain: str) -> list[tuple[str, str, bool, bool]]:
    """(act, twin act, held) triples of a domain: verb × object, each with one human and one twin place."""
    verbs, objects, places, twins = (_clean(x) for x in DOMAINS[domain])
    out = []
    for i, ((verb, hv), (obj, ho)) in enumerate(product(verbs, objects)):
        place, hp = places[i % len(places)]
        twin, _ = twins[i % len(twins)]
        human_act = " ".join(p for p in (verb, obj, place) if p)
        twin_act = " ".join(p for p in (verb, obj, twin) if p)
        out.append((human_act, twin_act, hv or ho or hp))
    return out


def cases() -> list[Case]:
    out = []
    for domain in DOMAINS:
        for j, (human_act, twin_act, held) in enumerate(acts(domain)):
            # each act through two constructions (rotating), to keep the table small but cover every construction
            for k in (j % len(CONSTRUCTIONS), (j + 3) % len(CONSTRUCTIONS)):
                form = CONSTRUCTIONS[k]
                out.append(Case(domain, human_act, form.format(act=human_act), True, held))
                out.append(Case(domain, twin_act, form.format(act=twin_act), False, held))
    return out
