"""`lanegate install`: register `lanegate hook` in a harness's settings file (docs/DESIGN.md#lanegate-cli,
docs/DESIGN.md#adapters).

The file is someone's live configuration, so the install merges: every other key and hook stays, an
existing lanegate entry is updated in place (its command, and a timeout too short for a stop to be judged
in; keys the user set, like a longer timeout, are kept) rather than added twice, and a second run finds
nothing to change and writes nothing. The change is spliced into the text as the harness reads it (Gemini
CLI's comments included): only the parts that change are touched, so comments, key order and layout stay.
The previous file is kept in lanegate's state folder (hook/commands/install_state.py), never beside it in
the project; the new one is written to a temporary file and renamed over the old, so a crash never leaves
half a settings file; a file that does not parse, or that its harness would skip for failing its schema,
is refused (exit 2) naming the line or key, never replaced.

One registration per harness and person (docs/DESIGN.md#operators): a harness runs the hook of every settings layer, so
a second registration (the shared project file and your personal one, say) judges every stop twice — two
audit lines, the ceiling reached at half the refusals. Install says where it is registered already and
writes nothing, or with `--move` takes it out of the other file first. `--local` also makes sure git
ignores the personal file.

Which command is written depends on who reads the file: a project file the team commits gets `lanegate`,
found on each teammate's PATH; a personal file (`--user`, `--local`) gets this machine's absolute path.

Where and what to write is each harness's own knowledge (`install` and `install_entry` in
hook/harness/<name>.py); this module only merges it into the file.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from hook.commands import install_state
from hook.commands.harness_settings import (
    Registration,
    command_words,
    harness_specs,
    is_lanegate_hook,
    is_lanegate_serve,
    read_layers,
    registrations,
)
from hook.commands.harness_settings_jsonc import Document, SettingsSyntaxError, parse, rewrite
from hook.commands.harness_settings_schema import schema_problem
from hook.harness import ADAPTERS, FALLBACK, get_harness

# A timeout shorter than the hook's own deadline (hook/commands/hook.py) lets the harness kill a stop before
# it is judged or audited: install replaces such a timeout of its own entry (doctor warns about it).
MIN_TIMEOUT_SECONDS = 20

if TYPE_CHECKING:
    from hook.harness import Harness, InstallTarget


class InstallError(Exception):
    """The settings file cannot be merged safely; nothing was written."""


def configure(parser: argparse.ArgumentParser) -> None:
    add_target_arguments(parser, verb="register")
    parser.add_argument("--dry-run", action="store_true", help="print the change as a unified diff, write nothing")
    parser.add_argument("--move", action="store_true", help="when another of your settings files registers "
                        "lanegate for this harness, take it out there and register here instead")
    parser.add_argument("--ci", action="store_true", help="a CI bot's seat (e.g. an issue-comment bot): also write "
                        'headless = "autonomous" to your user config, so its non-interactive sessions are judged '
                        "as autonomous")
    parser.set_defaults(handler=run)


def add_target_arguments(parser: argparse.ArgumentParser, *, verb: str) -> None:
    """--project / --user / --local and --harness, shared by install and uninstall."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--project", metavar="DIR", help=f"{verb} in DIR's shared settings (default: the current "
                       "directory); the command written is `lanegate`, found on each teammate's PATH")
    where.add_argument("--user", action="store_true", help=f"{verb} in the user-level settings under your home")
    parser.add_argument("--local", action="store_true", help=f"{verb} in the project's personal, uncommitted file "
                        "(where the harness has one), for your own use")
    parser.add_argument("--harness", choices=list(ADAPTERS), default=FALLBACK,
                        help=f"the harness (default: {FALLBACK})")


def run(args: argparse.Namespace) -> int:
    harness = get_harness(args.harness)
    state_dir = install_state.state_folder(os.environ)
    try:
        target = resolve_target(harness, args)
        elsewhere = registered_elsewhere(harness.name, target.path, args.project, os.environ)
        if elsewhere and not args.move:
            print(already_registered(harness.name, target.path, elsewhere, args))
            return 0
        program, said = lanegate_program(harness.name, shared=target.shared, path=target.path)
        command = f"{program} hook --harness {harness.name}"
        warm_up = f"{program} serve --background" if harness.install.session_start else None
        doc, old_text = read_settings(target.path, comments=target.comments)
        before = doc.data if doc is not None else {}
        after = merge(before, harness, command, warm_command=warm_up)
        check_schema(harness.name, target.path, after)
        new_text = settings_text(doc, old_text, after)
        moved = [] if args.dry_run else [take_out(path, target.comments, state_dir) for path in _paths(elsewhere)]
    except InstallError as exc:
        print(f"lanegate install: {exc}; nothing was written", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"lanegate install: {exc}", file=sys.stderr)
        return 1
    for line in moved:
        print(line)
    path = target.path
    if args.ci and not headless_for_ci(dry_run=args.dry_run):
        return 1
    ignored = ensure_ignored(path, args.project) if args.local and not args.dry_run else None
    if old_text is not None and new_text == old_text:
        print(f"{path}: lanegate is already registered, nothing to change")
        if ignored:
            print(ignored)
        return 0
    if args.dry_run:
        show_diff(path, old_text, new_text)
        return 0
    try:
        backup = write_settings(path, new_text, old_text, state_dir)
    except OSError as exc:
        print(f"lanegate install: cannot write {path}: {exc}", file=sys.stderr)
        return 1
    kept = f" (previous file kept as {backup})" if backup else ""
    print(f"{path}: registered `{command}`{kept}")
    print(said)
    if ignored:
        print(ignored)
    if warm_up:
        print(f"also registered `{warm_up}` under {harness.install.session_start}: "
              "it starts the warm parse server as a session opens, so its first stop with a phrase is not parsed cold")
    print(f"note: {harness.install.note}")
    return 0


def registered_elsewhere(harness: str, path: str, project: str | None, env: Mapping[str, str]) -> list[Registration]:
    """The harness's lanegate hooks in this person's other settings files for this project (user, project,
    local, managed): each would run beside one registered at `path`."""
    spec = harness_specs()[harness]
    home = env.get("HOME") or os.path.expanduser("~")
    layers = read_layers(spec, home=home, project=os.path.abspath(project or os.getcwd()), env=env)
    here = os.path.realpath(path)
    return [r for r in registrations(spec, layers) if os.path.realpath(r.path) != here]


def already_registered(harness: str, path: str, elsewhere: list[Registration], args: argparse.Namespace) -> str:
    """Why nothing was written, and how to move the registration here instead."""
    where = "; ".join(f"{p} ({layer})" for p, layer in dict.fromkeys((r.path, r.layer) for r in elsewhere))
    flags = " ".join(f for f, on in (("--user", args.user), ("--local", args.local)) if on)
    flags += f" --project {shlex.quote(args.project)}" if args.project else ""
    again = f"lanegate install --harness {harness}{' ' + flags if flags else ''} --move"
    if any(r.layer == "managed" for r in elsewhere):
        return (f"{path}: nothing written — lanegate is already registered for {harness} in {where}, which your "
                "administrator manages; a second registration would judge every stop twice")
    return (f"{path}: nothing written — lanegate is already registered for {harness} in {where}. A second "
            "registration would run it twice at every stop (two audit lines a stop, the refusal ceiling reached "
            f"at half the refusals). To register here instead and take it out there: {again}")


def _paths(found: list[Registration]) -> list[str]:
    if any(r.layer == "managed" for r in found):
        raise InstallError("lanegate is registered in managed settings, which only their administrator changes")
    return list(dict.fromkeys(r.path for r in found))


def check_schema(harness: str, path: str, data: Mapping[str, Any]) -> None:
    """A file the harness would skip whole for failing its schema registers nothing: refuse to write it."""
    spec = harness_specs()[harness]
    problem = schema_problem(data, spec.schema) if spec.schema is not None else None
    if problem:
        raise InstallError(f"{path} fails {spec.title}'s settings schema ({problem}), so {spec.title} skips the "
                           "whole file and a registration in it would not exist; fix that first")


def take_out(path: str, comments: bool, state_dir: str) -> str:
    """Remove lanegate's entries from one settings file (backup in the state folder); a file install created
    that holds nothing else goes. Returns what was done, in words."""
    doc, old_text = read_settings(path, comments=comments)
    if doc is None:
        return f"{path}: no settings, nothing to take out"
    after, count = remove(doc.data)
    if not count:
        return f"{path}: no lanegate entry"
    if install_state.created_by_install(state_dir, path) is not None and is_empty(after):
        backup = install_state.backup(path, (old_text or "").encode("utf-8"), state_dir)
        gone = install_state.remove_created(state_dir, path)
        return f"{', '.join(gone)}: removed (install had created it; previous file kept as {backup})"
    backup = write_settings(path, settings_text(doc, old_text, after), old_text, state_dir)
    return (f"{path}: removed {count} lanegate hook entr{'y' if count == 1 else 'ies'} "
            f"(previous file kept as {backup})")


def is_empty(settings: Mapping[str, Any]) -> bool:
    """Nothing left but what install itself puts in a new file (Cursor's version key)."""
    own = {key for target in (get_harness(name).install for name in ADAPTERS) for key, _ in target.top_level}
    return not (set(settings) - own)


def ensure_ignored(path: str, project: str | None) -> str | None:
    """Make sure git ignores the personal settings file (`--local`): it names this machine's own paths and is
    no one else's. Added to the clone's own `.git/info/exclude`, not to `.gitignore`: that changes no file the
    team commits, and the file is one person's choice. Returns what was done, or None when nothing was needed
    (not a git repository, or already ignored)."""
    git = shutil.which("git")
    root = os.path.abspath(project or os.getcwd())
    if git is None:
        return f"note: git is not on PATH, so lanegate could not make sure git ignores {path}"

    def run_git(*words: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([git, "-C", root, *words], capture_output=True, text=True, check=False, timeout=30)

    inside = run_git("rev-parse", "--show-toplevel", "--absolute-git-dir")
    if inside.returncode != 0:
        return None
    top, git_dir = inside.stdout.splitlines()[:2]
    relative = os.path.relpath(os.path.realpath(path), os.path.realpath(top))
    if run_git("ls-files", "--error-unmatch", "--", relative).returncode == 0:
        return (f"warning: {relative} is tracked by git, so ignoring it does nothing: `git rm --cached {relative}` "
                "keeps your copy and takes it out of the repository")
    if run_git("check-ignore", "-q", "--", relative).returncode == 0:
        return None
    exclude = os.path.join(git_dir, "info", "exclude")
    os.makedirs(os.path.dirname(exclude), exist_ok=True)
    with open(exclude, "a+", encoding="utf-8") as fh:
        fh.seek(0)
        text = fh.read()
        fh.write(("" if not text or text.endswith("\n") else "\n") + f"/{relative}\n")
    return (f"git ignores {relative} now: added to {exclude} (this clone's own ignore list, so no file your "
            "team commits changes)")


HEADLESS_LINE = 'headless = "autonomous"  # lanegate install --ci: non-interactive sessions and CI jobs are autonomous'


def headless_for_ci(*, dry_run: bool) -> bool:
    """Write `headless = "autonomous"` to the user's own config (docs/DESIGN.md#scheduled-turns): a top-level key
    replaced where the file has one, else added before the first table. False when the file cannot be written (said on
    stderr)."""
    from hook.config import user_config_path

    path = user_config_path(os.environ)
    try:
        with open(path, encoding="utf-8") as fh:
            old: str | None = fh.read()
    except FileNotFoundError:
        old = None
    except (OSError, UnicodeDecodeError) as exc:
        print(f"lanegate install --ci: cannot read {path}: {exc}; nothing was written", file=sys.stderr)
        return False
    new = with_headless(old or "")
    if new == old:
        print(f'{path}: headless = "autonomous" already')
        return True
    if dry_run:
        show_diff(path, old, new)
        return True
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        install_state.replace_atomically(path, new.encode("utf-8"), None)
    except OSError as exc:
        print(f"lanegate install --ci: cannot write {path}: {exc}", file=sys.stderr)
        return False
    print(f'{path}: headless = "autonomous" (a CI seat: its non-interactive sessions are judged as autonomous)')
    return True


def with_headless(text: str) -> str:
    """The config text with its top-level `headless` key set to "autonomous" (tables and comments kept)."""
    lines = text.splitlines(keepends=True)
    first_table = next((n for n, line in enumerate(lines) if line.lstrip().startswith("[")), len(lines))
    for n in range(first_table):
        key = lines[n].split("=", 1)[0].strip() if "=" in lines[n] else ""
        if key == "headless" and not lines[n].lstrip().startswith("#"):
            if lines[n].rstrip("\r\n") == HEADLESS_LINE:
                return text
            lines[n] = HEADLESS_LINE + "\n"
            return "".join(lines)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    lines.insert(first_table, HEADLESS_LINE + "\n" + ("\n" if first_table < len(lines) else ""))
    return "".join(lines)


class Target:
    """The settings file to change, whether a team shares it, and whether its harness reads comments."""

    def __init__(self, path: str, *, shared: bool, comments: bool) -> None:
        self.path, self.shared, self.comments = path, shared, comments


def resolve_target(harness: Harness, args: argparse.Namespace) -> Target:
    """The file --project / --user / --local names for this harness (raises InstallError)."""
    if args.project is not None and not os.path.isdir(args.project):
        raise InstallError(f"--project {args.project}: no such directory")
    spec = harness_specs()[harness.name]
    comments = any(layer.format == "jsonc" for layer in spec.layers)
    if args.local:
        local = next((layer for layer in spec.layers if layer.local), None)
        if args.user:
            raise InstallError("--local is a project's personal file; --user is your home's: choose one")
        if local is None:
            raise InstallError(f"{harness.name} has no personal, uncommitted project file: use --user for yourself")
        relative = local.paths[0].removeprefix("@project/")
        return Target(os.path.join(os.path.abspath(args.project or os.getcwd()), relative), shared=False,
                      comments=comments)
    path = settings_path(harness.install, user=args.user, project=args.project, env=os.environ)
    return Target(path, shared=not args.user, comments=comments)


def settings_path(target: InstallTarget, *, user: bool, project: str | None, env: Mapping[str, str]) -> str:
    """The settings file: the project's (default: the current directory) or the user-level one."""
    if not user:
        return os.path.join(os.path.abspath(project or os.getcwd()), target.folder, target.filename)
    if target.home_env and env.get(target.home_env):
        return os.path.join(os.path.abspath(env[target.home_env]), target.filename)
    return os.path.join(os.path.expanduser("~"), target.folder, target.filename)


def lanegate_program(harness: str, *, shared: bool, path: str) -> tuple[str, str]:
    """The program the registered commands run (the hook, the session-start warm-up) and the sentence that
    says which one it is and why.

    A file the team commits must run on every teammate's machine, so it names `lanegate` and lets each
    machine's PATH find it; a personal file names this machine's own lanegate by its absolute path, so it
    runs whatever PATH the harness is started with.
    """
    if not shared:
        return lanegate_executable(), "this is your own file: it names this machine's lanegate by its absolute path"
    found = shutil.which("lanegate")
    if found is None:
        personal = "lanegate install --local" if _has_local(harness) else "lanegate install --user"
        raise InstallError(
            f"`lanegate` is not on PATH, and {path} is shared with your team, so it must name a command that "
            "runs on every teammate's machine. Put lanegate on PATH (`pipx ensurepath` or `uv tool "
            f"update-shell`, then a new shell) and run this again, or register for yourself only: {personal}"
        )
    here = os.path.realpath(sys.argv[0]) if os.path.basename(sys.argv[0]).startswith("lanegate") else None
    other = f" (not the lanegate running now, {here})" if here and os.path.realpath(found) != here else ""
    said = (f"the file is shared: it names `lanegate`, which each machine finds on its PATH — here {found}{other}; "
            "every teammate needs lanegate installed (docs/INSTALL.md, Use it with your agent)")
    return "lanegate", said


def _has_local(harness: str) -> bool:
    return any(layer.local for layer in harness_specs()[harness].layers)


def settings_text(doc: Document | None, old_text: str | None, after: dict[str, Any]) -> str:
    """The new file: the old text with the changes spliced in, or a fresh file in two-space JSON."""
    if doc is None:
        return json.dumps(after, indent=2, ensure_ascii=False) + "\n"
    try:
        return rewrite(doc, after)
    except RecursionError:
        raise InstallError("its hooks are nested too deeply to change in place; fix it or move it aside") from None


def show_diff(path: str, old_text: str | None, new_text: str) -> None:
    sys.stdout.writelines(
        difflib.unified_diff((old_text or "").splitlines(keepends=True), new_text.splitlines(keepends=True), path, path)
    )


def lanegate_executable() -> str:
    """The installed `lanegate` console script as an absolute, shell-quoted path.

    The launcher that is running (sys.argv[0]) when it is lanegate, else the one on PATH, else this
    Python running the package module isolated (`-I`, as the launcher runs it: docs/DESIGN.md#evidence), which works
    wherever this interpreter can import lanegate.
    """
    argv0 = sys.argv[0]
    if os.path.basename(argv0) in ("lanegate", "lanegate.exe") and os.sep in argv0 and os.path.isfile(argv0):
        return shlex.quote(os.path.abspath(argv0))
    found = shutil.which("lanegate")
    if found:
        return shlex.quote(os.path.abspath(found))
    return shlex.join([sys.executable, "-I", "-m", "hook.cli"])


def read_settings(path: str, *, comments: bool) -> tuple[Document | None, str | None]:
    """The parsed settings and the file's text (None, None when there is no file; an empty file has no
    document). Read as the harness reads it: Gemini CLI strips comments, the others read plain JSON."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        raise InstallError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 ({exc})") from None
    if not text.strip():
        return None, text
    try:
        doc = parse(text.removeprefix("\ufeff"), comments=comments)
    except SettingsSyntaxError as exc:
        kind = "JSON with comments" if comments else "JSON"
        raise InstallError(f"cannot parse {path} as {kind}: {exc}; fix that line or move the file aside") from None
    if text.startswith("\ufeff"):
        raise InstallError(f"{path} starts with a byte-order mark; save it as UTF-8 without one")
    if not isinstance(doc.data, dict):
        raise InstallError(f"{path} holds a JSON {type(doc.data).__name__}, not an object")
    return doc, text


def merge(
    settings: Mapping[str, Any], harness: Harness, command: str, *, warm_command: str | None = None
) -> dict[str, Any]:
    """A copy of the settings with exactly one lanegate entry per event, everything else untouched.

    Shallow: only the root, `hooks` and the event lists are new objects, so a deeply nested file
    elsewhere is never walked (and the text edit touches only what changed). warm_command: registered
    under the harness's session-start event, if it has one (docs/DESIGN.md#adapters, docs/DESIGN.md#performance)."""
    target = harness.install
    merged = dict(settings)
    for key, value in target.top_level:
        merged.setdefault(key, value)
    hooks = merged.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InstallError(f"`hooks` is a JSON {type(hooks).__name__}, not an object")
    hooks = merged["hooks"] = dict(hooks)
    desired = harness.install_entry(command)
    shortest = MIN_TIMEOUT_SECONDS * target.timeout_scale
    for event in target.events:
        entries = hooks.setdefault(event, [])
        if not isinstance(entries, list):
            raise InstallError(f"`hooks.{event}` is a JSON {type(entries).__name__}, not a list")
        if target.grouped:
            hooks[event] = _merge_groups(entries, desired, shortest=shortest)
        else:
            kept, found = _merge_entries(entries, desired, shortest=shortest)
            hooks[event] = kept if found else [*kept, desired]
    if target.session_start and warm_command:
        entries = hooks.setdefault(target.session_start, [])
        if not isinstance(entries, list):
            raise InstallError(f"`hooks.{target.session_start}` is a JSON {type(entries).__name__}, not a list")
        warm = harness.install_entry(warm_command)
        hooks[target.session_start] = _merge_groups(entries, warm, ours=is_lanegate_serve)
    return merged


def _merge_groups(
    groups: list[Any],
    desired: dict[str, Any],
    *,
    ours: Callable[[object], bool] = is_lanegate_hook,
    shortest: float = 0,
) -> list[Any]:
    """Update the first lanegate hook in the matcher groups (dropping repeats), or add a group for it."""
    found = False
    result = []
    for group in groups:
        inner = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(inner, list):
            result.append(group)
            continue
        kept, has = _merge_entries(inner, desired, keep=not found, ours=ours, shortest=shortest)
        if has and not kept:
            continue  # a group that held nothing but a repeated lanegate hook
        found = found or has
        result.append({**group, "hooks": kept})
    return result if found else [*result, {"hooks": [desired]}]


def _merge_entries(
    entries: list[Any],
    desired: dict[str, Any],
    *,
    keep: bool = True,
    ours: Callable[[object], bool] = is_lanegate_hook,
    shortest: float = 0,
) -> tuple[list[Any], bool]:
    """The entries with the first lanegate one updated (if `keep`) and any other lanegate one dropped. The
    user's own keys stay, a longer timeout among them; a timeout under `shortest` (or not a number) is
    replaced by the one install registers, since the harness would kill the stop before it is judged."""
    result, found = [], False
    for entry in entries:
        if not (isinstance(entry, dict) and ours(entry.get("command"))):
            result.append(entry)
            continue
        if keep and not found:
            updated = {**desired, **entry, "command": desired["command"]}
            if "timeout" in desired and not _long_enough(entry.get("timeout", desired["timeout"]), shortest):
                updated["timeout"] = desired["timeout"]
            result.append(updated)
        found = True
    return result, found


def _long_enough(timeout: object, shortest: float) -> bool:
    return isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout >= shortest


def write_settings(path: str, text: str, old_text: str | None, state_dir: str) -> str | None:
    """Write the new settings atomically (temp file, rename); returns the backup's path, if any.

    The previous file is kept in the state folder (install_state.backup), never in the project; a new file
    is recorded as install's, with the folders made for it, so that uninstall can remove it again.
    """
    real = os.path.realpath(path)  # a symlinked settings file (dotfiles) stays a symlink
    mode = _new_file_mode()  # a new file gets the mode any editor would give it, not mkstemp's 0600
    backup = None
    if old_text is not None:
        mode = os.stat(real).st_mode & 0o7777
        with open(real, "rb") as fh:
            backup = install_state.backup(path, fh.read(), state_dir)
    created = install_state.missing_folders(real) if old_text is None else None
    os.makedirs(os.path.dirname(real), exist_ok=True)
    install_state.replace_atomically(real, text.encode("utf-8"), mode)
    if created is not None:
        install_state.record_created(state_dir, real, created)
    return backup


def _new_file_mode() -> int:
    """0666 less the process umask (reading the umask means setting it; it is set straight back)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


# ---- uninstall: exactly lanegate's own entries out ------------------------------------------------------


def is_lanegate_command(command: object) -> bool:
    """A hook command that runs lanegate (any subcommand): its program is `lanegate` or `python [flags] -m
    hook.cli` (`python -I -m hook.cli`, as install writes it without the launcher)."""
    words = command_words(command)
    if not words:
        return False
    if os.path.basename(words[0]) in ("lanegate", "lanegate.exe"):
        return True
    flags = 1
    while flags < len(words) and words[flags].startswith("-") and words[flags] != "-m":
        flags += 1
    return words[flags : flags + 2] == ["-m", "hook.cli"]


def remove(settings: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """A copy of the settings without lanegate's hook entries, and how many went. A matcher group, an
    event list or `hooks` itself that held nothing but lanegate's goes with them; nothing else changes."""
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return dict(settings), 0
    removed = 0
    kept_hooks: dict[str, Any] = {}
    for event, entries in hooks.items():
        kept, count = _without_ours(entries) if isinstance(entries, list) else (entries, 0)
        removed += count
        if not (count and not kept):  # an event that held only lanegate's entries goes
            kept_hooks[event] = kept
    result = dict(settings)
    if removed and not kept_hooks:
        del result["hooks"]
    elif removed:
        result["hooks"] = kept_hooks
    return result, removed


def _without_ours(entries: list[Any]) -> tuple[list[Any], int]:
    """One event's entries (matcher groups, or plain entries for Cursor) without lanegate's."""
    kept: list[Any] = []
    removed = 0
    for entry in entries:
        inner = entry.get("hooks") if isinstance(entry, dict) else None
        if isinstance(inner, list):
            others = [e for e in inner if not (isinstance(e, dict) and is_lanegate_command(e.get("command")))]
            removed += len(inner) - len(others)
            if len(others) == len(inner):
                kept.append(entry)
            elif others:
                kept.append({**entry, "hooks": others})
        elif isinstance(entry, dict) and is_lanegate_command(entry.get("command")):
            removed += 1
        else:
            kept.append(entry)
    return (kept, removed) if removed else (entries, 0)
