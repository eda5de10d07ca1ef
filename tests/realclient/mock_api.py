"""Scripted model APIs on 127.0.0.1: the real clients talk to these instead of a model (docs/DESIGN.md#real-clients).

One small HTTP server per API dialect. Each request is logged whole (the tests assert what the client
sent, e.g. that a refusal's reason reached the model) and answered from a script: an ordered list of
rules, the first whose matcher accepts the request replies. A reply is a list of steps, text or tool
calls, which each dialect encodes in its own streaming format. A request no rule accepts gets the
fallback text, so a client's side request (a title, a summary) never hangs a scenario. Requests are answered
concurrently, as a model API does: a reply the script holds back delays only the request it answers.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Say:
    """The model writes text."""

    text: str


@dataclass(frozen=True)
class Call:
    """The model calls a tool; `id` is chosen by the script so a later rule can match its result."""

    id: str
    name: str
    input: Mapping[str, Any]
    # A tool of a namespace (Codex 0.171.0 offers its sub-agent tools as the namespace `collaboration`);
    # the Responses mock sends it beside the name, as the API does.
    namespace: str | None = None


Step = Say | Call


@dataclass(frozen=True)
class Request:
    """What a client sent, reduced to what scripts match on (every dialect fills the same fields)."""

    path: str
    body: Mapping[str, Any]
    last_user_text: str  # the newest user turn's text blocks, joined by newlines
    result_ids: tuple[str, ...]  # tool-call ids whose results the newest user turn carries
    system_text: str
    has_tools: bool

    def result_text(self, call_id: str) -> str:
        """The text of the result for `call_id` in this request (dialect-specific body walk)."""
        return _find_result(self.body, call_id)


Matcher = Callable[[Request], bool]


@dataclass
class Rule:
    """Reply `steps` to the first request `when` accepts; `times` bounds how often (None: always)."""

    when: Matcher
    steps: Sequence[Step]
    times: int | None = None
    delay: float = 0.0  # seconds the model "thinks" before this reply
    used: int = 0
    # With `until`, the model thinks until it returns true, for at most `delay` seconds (a state of the machine
    # the scenario waits on, checked every 0.1 s).
    until: Callable[[], bool] | None = None

    def think(self) -> None:
        """Wait as the script says before replying; the caller holds no lock (other requests are answered meanwhile)."""
        if self.until is not None:
            deadline = time.monotonic() + self.delay
            while not self.until() and time.monotonic() < deadline:
                time.sleep(0.1)
        elif self.delay:
            time.sleep(self.delay)


def prompt_has(marker: str) -> Matcher:
    """The newest user turn carries `marker` in its text (not in a tool result)."""
    return lambda r: marker in r.last_user_text


def result_of(call_id: str) -> Matcher:
    """The newest user turn carries the result of the scripted call `call_id`."""
    return lambda r: call_id in r.result_ids


@dataclass
class Script:
    rules: list[Rule] = field(default_factory=list)
    fallback: str = "Noted."

    def choose(self, request: Request) -> Rule | None:
        """The rule that answers `request`, counted as used (None: the fallback answers); call it under a lock."""
        for rule in self.rules:
            if (rule.times is None or rule.used < rule.times) and rule.when(request):
                rule.used += 1
                return rule
        return None

    def steps(self, rule: Rule | None) -> list[Step]:
        """What `rule` (or the fallback) sends, rendered now."""
        return [_render(step) for step in (rule.steps if rule is not None else [Say(self.fallback)])]


def _render(step: Step) -> Step:
    """A step as sent now: `{now}` in a text becomes the current UTC time (a lane-state gate's checkedAt)."""
    if isinstance(step, Say) and "{now}" in step.text:
        return Say(step.text.replace("{now}", datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")))
    return step


@dataclass
class Exchange:
    """A request and its reply; `steps` stays empty while the model still thinks."""

    request: Request
    steps: Sequence[Step] = ()


class MockAPI:
    """A scripted API server in a thread; `exchanges` logs every request with the reply it got."""

    dialect = "base"

    def __init__(self, script: Script | None = None) -> None:
        self.script = script or Script()
        self.exchanges: list[Exchange] = []
        self.lock = threading.Lock()
        handler = type("Handler", (_Handler,), {"api": self})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name=f"mock-{self.dialect}", daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> MockAPI:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    def answer(self, path: str, body: Mapping[str, Any]) -> tuple[Request, Sequence[Step]]:
        """The rule is chosen and the exchange logged under the lock, in arrival order; the model thinks outside
        it, so one reply held back (a delay, an `until`) never holds back the answers to other agents' requests."""
        request = self.request(path, body)
        with self.lock:
            rule = self.script.choose(request)
            exchange = Exchange(request)
            self.exchanges.append(exchange)
        if rule is not None:
            rule.think()
        steps = self.script.steps(rule)
        with self.lock:
            exchange.steps = steps
        return request, steps

    def requests(self, when: Matcher | None = None) -> list[Request]:
        with self.lock:
            return [e.request for e in self.exchanges if when is None or when(e.request)]

    # Per dialect -------------------------------------------------------------------------------------
    def request(self, path: str, body: Mapping[str, Any]) -> Request:
        raise NotImplementedError

    def respond(self, handler: _Handler, method: str, path: str, body: Any) -> None:
        raise NotImplementedError


class _Handler(BaseHTTPRequestHandler):
    api: MockAPI
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the exchanges are the log
        return

    def _body(self) -> Any:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw) if raw else {}
        except ValueError:
            return {"_raw": raw.decode("utf-8", "replace")}

    def do_POST(self) -> None:
        self.api.respond(self, "POST", self.path, self._body())

    def do_GET(self) -> None:
        self.api.respond(self, "GET", self.path, {})

    def send_json(self, data: Any, status: int = 200) -> None:
        out = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def send_events(self, events: Iterator[bytes]) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("connection", "close")
        self.end_headers()
        for chunk in events:
            self.wfile.write(chunk)
            self.wfile.flush()
        self.close_connection = True


def _find_result(body: Mapping[str, Any], call_id: str) -> str:
    """The text of a tool result for `call_id` anywhere in a request body (every dialect nests it)."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            ids = [node.get(k) for k in ("tool_use_id", "call_id", "id")]  # an "id" may be any JSON value
            if call_id in ids and any(k in node for k in ("content", "output", "response")):
                found.append(json.dumps(node.get("content", node.get("output", node.get("response")))))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(body)
    return "\n".join(found)


# Anthropic Messages (Claude Code: ANTHROPIC_BASE_URL) ---------------------------------------------------


class AnthropicMock(MockAPI):
    """POST /v1/messages with `stream: true` answered as server-sent events, one content block per step."""

    dialect = "anthropic"

    def request(self, path: str, body: Mapping[str, Any]) -> Request:
        messages = [m for m in body.get("messages") or [] if isinstance(m, Mapping)]
        # The newest user turn: every message after the last assistant one (2.1.328 sends a message typed
        # mid-turn as a `system` role message after the tool results).
        start = max((i + 1 for i, m in enumerate(messages) if m.get("role") == "assistant"), default=0)
        blocks: list[Mapping[str, Any]] = []
        for message in messages[start:]:
            content = message.get("content")
            blocks += [{"type": "text", "text": content}] if isinstance(content, str) else [
                b for b in content or [] if isinstance(b, Mapping)]
        texts = [b.get("text", "") for b in blocks if b.get("type") == "text"]
        ids = tuple(b.get("tool_use_id", "") for b in blocks if b.get("type") == "tool_result")
        system = body.get("system")
        system_text = system if isinstance(system, str) else "\n".join(
            b.get("text", "") for b in system or [] if isinstance(b, Mapping)
        )
        return Request(path, body, "\n".join(texts), ids, system_text, bool(body.get("tools")))

    def respond(self, handler: _Handler, method: str, path: str, body: Any) -> None:
        if method != "POST" or not path.startswith("/v1/messages"):
            handler.send_json({})
            return
        if path.startswith("/v1/messages/count_tokens"):
            handler.send_json({"input_tokens": 100})
            return
        _, steps = self.answer(path, body)
        model = str(body.get("model") or "mock")
        if body.get("stream"):
            handler.send_events(_anthropic_events(model, steps))
        else:
            handler.send_json(_anthropic_message(model, steps))


def _anthropic_blocks(steps: Sequence[Step]) -> list[dict[str, Any]]:
    return [
        {"type": "text", "text": s.text} if isinstance(s, Say) else
        {"type": "tool_use", "id": s.id, "name": s.name, "input": dict(s.input)}
        for s in steps
    ]


def _anthropic_message(model: str, steps: Sequence[Step]) -> dict[str, Any]:
    stop = "tool_use" if any(isinstance(s, Call) for s in steps) else "end_turn"
    return {"id": "msg_mock", "type": "message", "role": "assistant", "model": model,
            "content": _anthropic_blocks(steps), "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 10}}


_MESSAGE_IDS = iter(range(1, 1 << 30))


def _anthropic_events(model: str, steps: Sequence[Step]) -> Iterator[bytes]:
    def event(name: str, data: Mapping[str, Any]) -> bytes:
        return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()

    message = _anthropic_message(model, steps)
    start = {**message, "id": f"msg_mock_{next(_MESSAGE_IDS)}", "content": [], "stop_reason": None}
    yield event("message_start", {"type": "message_start", "message": start})
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            yield event("content_block_start", {"type": "content_block_start", "index": index,
                                                "content_block": {"type": "text", "text": ""}})
            delta = {"type": "text_delta", "text": block["text"]}
        else:
            yield event("content_block_start", {"type": "content_block_start", "index": index,
                                                "content_block": {**block, "input": {}}})
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        yield event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})
        yield event("content_block_stop", {"type": "content_block_stop", "index": index})
    yield event("message_delta", {"type": "message_delta",
                                  "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                                  "usage": {"output_tokens": 10}})
    yield event("message_stop", {"type": "message_stop"})


# Gemini API (Gemini CLI: GOOGLE_GEMINI_BASE_URL) ---------------------------------------------------------


class GeminiMock(MockAPI):
    """POST /v1beta/models/<model>:generateContent (JSON) and :streamGenerateContent?alt=sse (events)."""

    dialect = "gemini"

    def request(self, path: str, body: Mapping[str, Any]) -> Request:
        contents = [c for c in body.get("contents") or [] if isinstance(c, Mapping)]
        start = max((i + 1 for i, c in enumerate(contents) if c.get("role") == "model"), default=0)
        parts = [p for c in contents[start:] for p in c.get("parts") or [] if isinstance(p, Mapping)]
        texts = [str(p.get("text")) for p in parts if isinstance(p.get("text"), str)]
        responses = [r for p in parts if isinstance(r := p.get("functionResponse"), Mapping)]
        ids = tuple(str(r.get("id") or r.get("name")) for r in responses)
        system = body.get("systemInstruction")
        system_text = json.dumps(system) if system else ""
        return Request(path, body, "\n".join(texts), ids, system_text, bool(body.get("tools")))

    def respond(self, handler: _Handler, method: str, path: str, body: Any) -> None:
        if method != "POST" or ":" not in path:
            handler.send_json({})
            return
        if ":countTokens" in path:
            handler.send_json({"totalTokens": 100})
            return
        _, steps = self.answer(path, body)
        response = _gemini_response(steps)
        if ":streamGenerateContent" in path:
            handler.send_events(iter([f"data: {json.dumps(response)}\r\n\r\n".encode()]))
        else:
            handler.send_json(response)


def _gemini_response(steps: Sequence[Step]) -> dict[str, Any]:
    parts = [{"text": s.text} if isinstance(s, Say) else
             {"functionCall": {"id": s.id, "name": s.name, "args": dict(s.input)}} for s in steps]
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 10, "totalTokenCount": 20},
            "modelVersion": "gemini-mock"}


# OpenAI Responses API (Codex: a custom model provider with wire_api = "responses") ---------------------------


class ResponsesMock(MockAPI):
    """POST /v1/responses with `stream: true`, answered as Responses server-sent events."""

    dialect = "responses"

    def request(self, path: str, body: Mapping[str, Any]) -> Request:
        items = [i for i in body.get("input") or [] if isinstance(i, Mapping)]
        start = max((n + 1 for n, i in enumerate(items) if i.get("role") == "assistant"
                     or i.get("type") == "function_call"), default=0)
        texts, ids = [], []
        for item in items[start:]:
            if item.get("type") == "function_call_output":
                ids.append(str(item.get("call_id")))
            content = item.get("content")
            for part in content if isinstance(content, list) else []:
                if isinstance(part, Mapping) and isinstance(part.get("text"), str):
                    texts.append(part["text"])
                # A message from another agent (0.171.0's `agent_message`: a sub-agent's task from its parent)
                # carries its payload as `encrypted_content`, sent as written to a custom provider.
                elif item.get("type") == "agent_message" and isinstance(part, Mapping) \
                        and isinstance(part.get("encrypted_content"), str):
                    texts.append(part["encrypted_content"])
        return Request(path, body, "\n".join(texts), tuple(ids), str(body.get("instructions") or ""),
                       bool(body.get("tools")))

    def respond(self, handler: _Handler, method: str, path: str, body: Any) -> None:
        if method != "POST" or not path.rstrip("/").endswith("/responses"):
            handler.send_json({"object": "list", "data": []} if path.endswith("/models") else {})
            return
        _, steps = self.answer(path, body)
        handler.send_events(_responses_events(steps))


def _responses_events(steps: Sequence[Step]) -> Iterator[bytes]:
    def event(data: Mapping[str, Any]) -> bytes:
        return f"event: {data['type']}\ndata: {json.dumps(data)}\n\n".encode()

    number = next(_MESSAGE_IDS)
    response = {"id": f"resp_mock_{number}", "object": "response", "status": "in_progress", "output": []}
    yield event({"type": "response.created", "response": response})
    output = []
    for index, step in enumerate(steps):
        if isinstance(step, Say):
            item = {"type": "message", "id": f"msg_mock_{number}_{index}", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": step.text, "annotations": []}]}
            yield event({"type": "response.output_item.added", "output_index": index, "item": {**item, "content": []}})
            yield event({"type": "response.output_text.delta", "output_index": index, "content_index": 0,
                         "item_id": item["id"], "delta": step.text})
        else:
            item = {"type": "function_call", "id": f"fc_mock_{number}_{index}", "call_id": step.id, "name": step.name,
                    "arguments": json.dumps(dict(step.input)), "status": "completed"}
            if step.namespace:
                item["namespace"] = step.namespace
            yield event({"type": "response.output_item.added", "output_index": index, "item": item})
        yield event({"type": "response.output_item.done", "output_index": index, "item": item})
        output.append(item)
    usage = {"input_tokens": 10, "output_tokens": 10, "total_tokens": 20,
             "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}
    yield event({"type": "response.completed", "response": {**response, "status": "completed", "output": output,
                                                            "usage": usage}})
