"""Runs one function of a Tessera package (stdlib only, Python 3.7+). Mounted read-only at /runner in the sandbox.

Reads $TESSERA_WORK/request.json: {"module", "function", "inputs": [{"name", "type", "value"}]} where a dataframe's
value is a Parquet file relative to the run folder. Writes a returned dataframe (or a dict or list of them) to
outputs/<name>.parquet, anything else JSON-able to result.json, and reports on file descriptor 3 as JSON lines:
{"event": "output" | "result" | "error" | "progress", ...}. The function's own stdout and stderr stay a plain log.
"""
import datetime
import importlib
import json
import os
import sys
import traceback

WORK = os.environ.get("TESSERA_WORK", "/work")
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
    """A warm start, before its run exists: import the libraries the package imports from its environment (never a
    module of the package itself), and the Parquet reader and writer the harness uses for dataframes."""
    import importlib.util
    names = imported_names()
    if names & {"pandas", "polars"}:
        names.add("pyarrow.parquet")
    for name in sorted(names):
        try:
            spec = importlib.util.find_spec(name)
            if spec is None:
                continue
            places = [spec.origin or ""] + list(spec.submodule_search_locations or [])
            if any(place.startswith(PKG + os.sep) for place in places):
                continue
            importlib.import_module(name)
        except BaseException:  # noqa: a library that fails to import fails again, in the run, with its traceback
            continue


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


def main():
    sys.path.insert(0, PKG)
    if os.environ.get("TESSERA_WARM") == "1":
        warm_up()
        if not sys.stdin.readline().strip():
            return 0  # discarded before its run: nothing to do
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
