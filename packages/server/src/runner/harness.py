"""Runs the functions of a Tessera package, one run after another (stdlib only, Python 3.7+). Mounted read-only at
/runner in the sandbox.

The process first imports the libraries the package imports (never the package itself), then reads run names on its
standard input, one per line, until it closes. Each run gets a fresh process forked from this one: it reads
$TESSERA_WORK/<name>/request.json: {"module", "function", "inputs": [{"name", "type", "value"}]} where a dataframe's
value is a Parquet file relative to the run's folder, writes a returned dataframe (or a dict or list of them) to
outputs/<name>.parquet, anything else JSON-able to result.json. Everything reaches the host on file descriptor 3 as
JSON lines written by this process only: {"event": "output" | "result" | "error" | "progress" | "log" | "done", ...};
the run's own stdout and stderr become "log" events, and "done" (with the run's exit code) ends each run.
"""
import codecs
import datetime
import importlib
import json
import os
import re
import selectors
import signal
import sys
import traceback

# Beside this file (a PYTHONSAFEPATH the package sets must not lose it), imported before the package's folder is on
# the path.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tessera_between_runs import clean_except, end_strays, threads  # noqa: E402

WORK_ROOT = os.environ.get("TESSERA_WORK", "/work")
WORK = WORK_ROOT  # the current run's folder, in the run's own process
PKG = os.environ.get("TESSERA_PKG", "/pkg")

try:
    EVENTS = os.fdopen(3, "w", buffering=1)
except OSError:
    EVENTS = sys.stderr


def emit(event, **fields):
    fields["event"] = event
    EVENTS.write(json.dumps(fields, default=str) + "\n")
    EVENTS.flush()


def progress(value, message=None):
    """Package code may call tessera_progress(0.5, "half way") (a builtin while it runs) to report progress."""
    emit("progress", value=value, message=message)


class InputError(Exception):
    pass


def read_dataframe(name, relative, annotation):
    file = os.path.join(WORK, relative)
    wants_polars = "polars" in annotation or annotation.startswith("pl.")
    order = ["polars", "pandas"] if wants_polars else ["pandas", "polars"]
    for library in order:
        try:
            module = importlib.import_module(library)
        except ImportError:
            continue
        return module.read_parquet(file)
    try:
        import pyarrow.parquet as pq
        return pq.read_table(file)
    except ImportError:
        raise InputError("Input '%s' is a dataframe, but the package's environment has neither pandas nor polars" % name)


def as_json(name, value, kind):
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise InputError("Input '%s' must be a %s (JSON)" % (name, kind))
    expected = dict if kind == "dictionary" else list
    if not isinstance(value, expected):
        raise InputError("Input '%s' must be a %s" % (name, kind))
    return value


def coerce(item, annotation):
    name, kind, value = item["name"], item.get("type", "string"), item.get("value")
    if value is None:
        return None
    try:
        if kind == "dataframe":
            return read_dataframe(name, value, annotation)
        if kind == "boolean":
            if isinstance(value, str):
                if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(value)
                return value.lower() in ("true", "1", "yes")
            return bool(value)
        if kind == "integer":
            if isinstance(value, float) and not value.is_integer():
                raise ValueError(value)
            return int(value)
        if kind == "float":
            return float(value)
        if kind == "date":
            return datetime.date.fromisoformat(str(value)[:10])
        if kind in ("dictionary", "list"):
            return as_json(name, value, kind)
        return str(value)
    except (ValueError, TypeError):
        raise InputError("Input '%s' is not a valid %s: %r" % (name, kind, value))


def frame_kind(value):
    module = type(value).__module__.split(".")[0]
    if module in ("pandas", "polars", "pyarrow") and type(value).__name__ in ("DataFrame", "Table", "LazyFrame"):
        return module
    return None


def write_frame(name, value):
    kind = frame_kind(value)
    relative = "outputs/%s.parquet" % name
    target = os.path.join(WORK, relative)
    if kind == "pandas":
        value.to_parquet(target, index=False)
    elif kind == "polars":
        (value.collect() if type(value).__name__ == "LazyFrame" else value).write_parquet(target)
    else:
        import pyarrow.parquet as pq
        pq.write_table(value, target)
    emit("output", name=name, file=relative, kind=kind)


def safe_name(name, index):
    text = "".join(c if c.isalnum() or c in "-_" else "_" for c in str(name))
    return text or "output_%d" % index


def deliver(result):
    if frame_kind(result):
        return write_frame("output", result)
    if isinstance(result, dict) and result and all(frame_kind(v) for v in result.values()):
        for index, (key, value) in enumerate(result.items()):
            write_frame(safe_name(key, index), value)
        return
    if isinstance(result, (list, tuple)) and result and all(frame_kind(v) for v in result):
        for index, value in enumerate(result):
            write_frame("output_%d" % index, value)
        return
    with open(os.path.join(WORK, "result.json"), "w") as handle:
        json.dump(result, handle, default=str)
    emit("result", file="result.json")


def annotation_text(function, name):
    try:
        import inspect
        annotation = inspect.signature(function).parameters[name].annotation
    except (ValueError, TypeError, KeyError):
        return ""
    if annotation is inspect.Parameter.empty:
        return ""
    if isinstance(annotation, str):
        return annotation
    return "%s.%s" % (getattr(annotation, "__module__", ""), getattr(annotation, "__qualname__", annotation))


def imported_names(limit=500):
    """The top-level names every .py file of the package imports, read with ast (the package's code never runs)."""
    import ast
    names, seen = set(), 0
    for root, dirs, files in os.walk(PKG):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
        for file in files:
            seen += 1
            if seen > limit:
                return names
            if not file.endswith(".py"):
                continue
            try:
                with open(os.path.join(root, file), "rb") as handle:
                    tree = ast.parse(handle.read(1_000_000))
            except (SyntaxError, ValueError, OSError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module.split(".")[0])
    return names


def warm_up():
    """Before any run: import the libraries the package imports from its environment (never a module of the package
    itself), the Parquet reader and writer the harness uses for dataframes, and rehearse that exchange once (a
    library's lazy set-up, done here, is not paid again by every run's forked process)."""
    import importlib.util
    names = imported_names()
    if names & {"pandas", "polars"}:
        names.add("pyarrow.parquet")
    global THREADED
    for name in sorted(names):
        try:
            spec = importlib.util.find_spec(name)
            if spec is None:
                continue
            places = [spec.origin or ""] + list(spec.submodule_search_locations or [])
            if any(place.startswith(PKG + os.sep) for place in places):
                continue
            before = threads()
            importlib.import_module(name)
            if threads() > before and name.split(".")[0] not in FORK_SAFE:
                THREADED = True
        except BaseException:  # noqa: a library that fails to import fails again, in the run, with its traceback
            continue
    rehearse()
    try:
        import gc
        gc.freeze()  # what is loaded now is shared by every run's process, never scanned (nor copied) by its collector
    except (ImportError, AttributeError):
        pass


def rehearse():
    """Writes and reads back a one-row dataframe with pandas, when it is loaded, as a run's inputs and outputs are.
    Not polars: its thread pool, once started, does not survive a fork (a run's process would hang)."""
    pandas = sys.modules.get("pandas")
    if pandas is None:
        return
    import tempfile
    try:
        with tempfile.TemporaryDirectory() as folder:
            file = os.path.join(folder, "rehearsal.parquet")
            pandas.DataFrame({"n": [1], "text": ["a"]}).to_parquet(file, index=False)
            pandas.read_parquet(file)
    except BaseException:  # noqa: a run meets the same failure, with its own traceback
        pass


def path_prefixes():
    """(prefix, short) pairs, longest first: the environment's libraries become site-packages/..., the standard
    library pythonX.Y/..., the package's and the run's files their own names; no server path is left (docs/security.md)."""
    import sysconfig
    version = "python%d.%d" % sys.version_info[:2]
    pairs = [(entry, "site-packages") for entry in sys.path if os.path.basename(entry) in ("site-packages", "dist-packages")]
    paths = sysconfig.get_paths()
    pairs += [(paths.get(name, ""), version) for name in ("stdlib", "platstdlib")]
    pairs += [(PKG, ""), (WORK, ""), (os.path.dirname(os.path.abspath(__file__)), "tessera")]
    pairs += [(prefix, "python") for prefix in (sys.prefix, sys.base_prefix, sys.exec_prefix)]
    kept = [(os.path.normpath(p), short) for p, short in pairs if p and os.path.normpath(p) not in ("/", "/usr")]
    pairs = [(p + os.sep, (short + "/") if short else "") for p, short in kept]
    return sorted(set(pairs), key=lambda pair: -len(pair[0]))


def shorten_paths(text):
    for prefix, short in path_prefixes():
        text = text.replace(prefix, short)
    return text


def user_traceback(err):
    """The traceback from the package's own first frame (the harness's frames dropped), its paths shortened."""
    first = err.__traceback__
    while first is not None and not first.tb_frame.f_code.co_filename.startswith(PKG + os.sep):
        first = first.tb_next
    if first is None:  # raised before any of the package's code ran (importing it, finding the function)
        first = err.__traceback__.tb_next if err.__traceback__ else None
    return shorten_paths("".join(traceback.format_exception(type(err), err, first)))


def run_request():
    """The run, in its own process: the request read from WORK, the function called, its result delivered."""
    with open(os.path.join(WORK, "request.json")) as handle:
        request = json.load(handle)
    os.makedirs(os.path.join(WORK, "outputs"), exist_ok=True)
    sys.argv = [request["module"]]
    try:
        import builtins
        builtins.tessera_progress = progress
        module = importlib.import_module(request["module"])
        function = getattr(module, request["function"])
        kwargs = {}
        for item in request.get("inputs", []):
            kwargs[item["name"]] = coerce(item, annotation_text(function, item["name"]))
        deliver(function(**kwargs))
    except InputError as err:
        emit("error", type="InputError", message=str(err))
        return 2
    except BaseException as err:  # noqa: the user's code may raise anything, SystemExit included
        kind = type(err).__name__
        message = shorten_paths("%s: %s" % (kind, err))
        emit("error", type=kind, message=message, traceback=user_traceback(err))
        return 1
    return 0


RUN_NAME = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
#: What a run's process may tell the host; "log" and "done" are this process's own words.
RUN_EVENTS = ("output", "result", "error", "progress")


def start_run(name, pipes):
    """Forks the run's process: standard input /dev/null, its output, errors and events into this process's pipes."""
    for stream in (sys.stdout, sys.stderr, EVENTS):
        stream.flush()
    pid = os.fork()
    if pid:
        return pid
    global WORK
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setpgid(0, 0)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, (_, write) in zip((1, 2, 3), pipes):
            os.dup2(write, fd)
        for read, write in pipes:
            os.close(read)
            os.close(write)
        WORK = os.path.join(WORK_ROOT, name)
        os.chdir(WORK)
        if THREADED:  # a library started threads as it was imported: they did not survive the fork, start afresh
            os.execv(sys.executable, [sys.executable, "-u", os.path.abspath(__file__), "--run", name])
        code = run_request()
    except BaseException:  # noqa: whatever happens, this process never returns into the serving loop
        traceback.print_exc()
    finish(code)


def serve_one(name, wake):
    """One run: its process forked, what it writes forwarded as events, then "done". False: the sandbox must end."""
    clean_except(WORK_ROOT, name)
    pipes = [os.pipe() for _ in range(3)]
    child = start_run(name, pipes)
    for _, write in pipes:
        os.close(write)
    selector = selectors.DefaultSelector()
    selector.register(wake, selectors.EVENT_READ, "wake")
    decoders, pending = {}, {}
    for stream, (read, _) in zip(("stdout", "stderr", "events"), pipes):
        selector.register(read, selectors.EVENT_READ, stream)
        decoders[stream] = codecs.getincrementaldecoder("utf-8")("replace")
        pending[stream] = ""
    status, open_streams = None, 3
    while open_streams:
        for key, _ in selector.select():
            if key.data == "wake":  # SIGCHLD: once the run's process is gone, so is what it left running
                drain(wake)
                reaped, code = os.waitpid(child, os.WNOHANG) if status is None else (0, 0)
                if reaped:
                    status = ended(child, code)
                continue
            chunk = os.read(key.fd, 65536)
            stream = key.data
            if not chunk:
                selector.unregister(key.fd)
                os.close(key.fd)
                open_streams -= 1
            text = decoders[stream].decode(chunk, final=not chunk)
            if stream != "events":
                if text:
                    emit("log", stream=stream, text=text)
                continue
            lines = (pending[stream] + text).split("\n")
            pending[stream] = lines.pop()[-1000000:] if chunk else ""
            for line in lines:
                forward(line)
    selector.close()
    if status is None:
        status = ended(child, os.waitpid(child, 0)[1])
    if status[1] and not status[2]:
        emit("done", signal=status[1])
        return False  # killed (out of memory, most likely): the sandbox ends and says why
    emit("done", code=status[0])
    return status[2]


def drain(fd):
    try:
        while os.read(fd, 512):
            pass
    except BlockingIOError:
        pass


def ended(child, status):
    """(exit code, killing signal, every stray gone) of the run's process, reaped with `status`."""
    clean = end_strays(child)
    if os.WIFSIGNALED(status):
        return (None, os.WTERMSIG(status), False)
    return (os.WEXITSTATUS(status), None, clean)


def forward(line):
    """A line the run's process wrote on its events: passed on when it is one of a run's own events."""
    try:
        event = json.loads(line)
    except ValueError:
        if line.strip():
            emit("log", stream="stderr", text=line + "\n")
        return
    if isinstance(event, dict) and event.get("event") in RUN_EVENTS:
        EVENTS.write(json.dumps(event) + "\n")


#: Whether the serving process has threads a fork would break (a library's, started as it was imported, that does
#: not prepare for a fork): a forked process would have lost them with whatever locks they held, so each run then
#: starts a fresh interpreter. polars is one (its documentation says so).
THREADED = False
#: Libraries whose threads are made ready for a fork (OpenBLAS's and Arrow's pools re-created in the child).
FORK_SAFE = ("numpy", "pandas", "pyarrow", "scipy", "sklearn")


def main():
    global THREADED, WORK
    sys.path.insert(0, PKG)
    if sys.argv[1:2] == ["--run"]:  # one run in a fresh interpreter, its folder named (see THREADED)
        WORK = os.path.join(WORK_ROOT, sys.argv[2])
        return run_request()
    THREADED = threads() > 1  # started before any library (sitecustomize, a .pth file)
    warm_up()
    # A run's end wakes the loop even while something it started still holds its pipes.
    wake, wake_write = os.pipe()
    os.set_blocking(wake, False)
    os.set_blocking(wake_write, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_write)
    for line in sys.stdin:
        name = line.strip()
        if not name:
            break
        if not RUN_NAME.match(name):
            emit("done", code=2, message="not a run's name")
            continue
        if not serve_one(name, wake):
            return 1
    return 0


def finish(code):
    """Ends the process once everything is written and flushed, skipping the interpreter's teardown (with pandas
    loaded, a fifth of a second here): the run folder is all that is read after, and it is complete."""
    for stream in (sys.stdout, sys.stderr, EVENTS):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":
    finish(main())
