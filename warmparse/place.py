"""Where the parse server listens: a private folder only its user can enter.

$XDG_RUNTIME_DIR/lanegate when the runtime folder is usable (absolute, a real folder of this user),
else `parse-server` in the state folder. The folder must be a real folder (no link), owned by this
user and closed to everyone else (mode 0700): otherwise another account could plant a socket that
answers in the server's place, so the stop refuses the folder and parses in its own process.
"""

from __future__ import annotations

import os
import stat

from lanegate_common.frozen import frozen

RUNTIME_NAME = "lanegate"
STATE_NAME = "parse-server"
# sockaddr_un.sun_path is 108 bytes on Linux, NUL included.
MAX_SOCKET_PATH = 107
SOCKET_SUFFIX = ".sock"
LOCK_SUFFIX = ".lock"
# Hex digits of the key in the file names: 96 bits, short enough for long state folders.
KEY_CHARS = 24


class PlaceError(OSError):
    """The socket folder cannot be trusted or made; the message says why."""


@frozen
class Place:
    """The private folder and the socket and start-lock paths of one server key."""

    folder: str
    socket: str
    lock: str


def folder_for(env: dict[str, str] | os._Environ[str], state_dir: str) -> str:
    """The folder the server's socket lives in (not yet checked: see private_folder)."""
    runtime = env.get("XDG_RUNTIME_DIR") or ""
    if os.path.isabs(runtime) and _owned_folder(runtime):
        return os.path.join(runtime, RUNTIME_NAME)
    return os.path.join(os.path.expanduser(state_dir), STATE_NAME)


# Where a login manager (systemd-logind) puts a user's runtime folder when XDG_RUNTIME_DIR names it.
DEFAULT_RUNTIME = "/run/user/{uid}"


def server_folders(env: dict[str, str] | os._Environ[str], state_dir: str) -> list[str]:
    """Every folder a server of this user may listen in, whatever XDG_RUNTIME_DIR the stop that started it
    had: this environment's folder, the login manager's runtime folder, and the state folder's."""
    default_runtime = {"XDG_RUNTIME_DIR": DEFAULT_RUNTIME.format(uid=os.geteuid())}
    candidates = (
        folder_for(env, state_dir),
        folder_for(default_runtime, state_dir),
        os.path.join(os.path.expanduser(state_dir), STATE_NAME),
    )
    return list(dict.fromkeys(candidates))


def private_folder(folder: str, *, create: bool) -> str:
    """`folder`, made when missing (mode 0700) and checked to be private; PlaceError otherwise."""
    if create:
        parent = os.path.dirname(folder)
        try:
            os.makedirs(parent, mode=0o700, exist_ok=True)
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
        except OSError as exc:
            raise PlaceError(f"parse server folder {folder} cannot be made: {exc.strerror or exc}") from None
    try:
        info = os.lstat(folder)
    except OSError as exc:
        raise PlaceError(f"parse server folder {folder}: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise PlaceError(f"parse server folder {folder} is not a folder (a link or a file)")
    if info.st_uid != os.geteuid():
        raise PlaceError(f"parse server folder {folder} belongs to uid {info.st_uid}, not to this user")
    if info.st_mode & 0o077:
        raise PlaceError(f"parse server folder {folder} is open to others (mode {stat.S_IMODE(info.st_mode):04o})")
    return folder


def place_for(folder: str, key: str) -> Place:
    """The socket and lock of the server for `key` in a checked folder (PlaceError: path too long)."""
    socket = os.path.join(folder, key[:KEY_CHARS] + SOCKET_SUFFIX)
    if len(os.fsencode(socket)) > MAX_SOCKET_PATH:
        raise PlaceError(f"parse server socket path {socket} is longer than a Unix socket address allows")
    return place_at(socket)


def place_at(socket: str) -> Place:
    """The place of a socket found in a folder (its lock beside it)."""
    return Place(os.path.dirname(socket), socket, socket.removesuffix(SOCKET_SUFFIX) + LOCK_SUFFIX)


def sockets_in(folder: str) -> list[str]:
    """Every server socket in the folder (for `lanegate serve --status/--stop`), oldest name first."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if n.endswith(SOCKET_SUFFIX)]


def _owned_folder(path: str) -> bool:
    try:
        info = os.stat(path)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid()
