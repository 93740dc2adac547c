"""Static function discovery for a Tessera package (stdlib only, Python 3.7+; never imports the package's code).

Usage: python discover.py <package dir>   ->   one JSON document on stdout:
{"modules": [{"name", "filename", "functions": [...], "error"?}], "dashApps": [{"name", "module", "variable"}]}
"""
import ast
import json
import os
import sys

SKIP_DIRS = {"__pycache__", "site-packages", "node_modules", "venv", ".venv", "env"}
SCALARS = {
    "bool": "boolean", "int": "integer", "float": "float", "str": "string", "date": "date", "datetime": "date",
    "dict": "dictionary", "Dict": "dictionary", "Mapping": "dictionary", "MutableMapping": "dictionary",
    "list": "list", "List": "list", "Sequence": "list", "tuple": "list", "Tuple": "list", "set": "list",
    "DataFrame": "dataframe", "LazyFrame": "dataframe", "Table": "dataframe",
}
KINDS = {
    "posonly": "positional_only", "args": "positional_or_keyword", "vararg": "var_positional",
    "kwonly": "keyword_only", "kwarg": "var_keyword",
}


def const_value(node):
    """The value of a constant node on every supported Python (3.7 has Str/Num/NameConstant)."""
    if isinstance(node, ast.Constant):
        return True, node.value
    if sys.version_info >= (3, 8):
        return False, None
    for kind, attr in (("Str", "s"), ("Num", "n"), ("NameConstant", "value"), ("Bytes", "s")):
        cls = getattr(ast, kind, None)
        if cls is not None and isinstance(node, cls):
            return True, getattr(node, attr)
    return False, None


def subscript_slice(node):
    inner = node.slice
    if type(inner).__name__ == "Index":  # Python < 3.9
        inner = inner.value
    return inner


def text(node):
    """A compact source rendering of an annotation (ast.unparse is 3.9+)."""
    if node is None:
        return None
    ok, value = const_value(node)
    if ok:
        return repr(value)
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return "%s.%s" % (text(node.value), node.attr)
    if isinstance(node, ast.Subscript):
        inner = subscript_slice(node)
        items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        return "%s[%s]" % (text(node.value), ", ".join(text(i) or "?" for i in items))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return "%s | %s" % (text(node.left), text(node.right))
    if isinstance(node, (ast.List, ast.Tuple)):
        return "[%s]" % ", ".join(text(i) or "?" for i in node.elts)
    return type(node).__name__


def is_none(node):
    ok, value = const_value(node)
    return ok and value is None


def last_name(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def literal(node):
    try:
        return True, ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None


def jsonable(value):
    if isinstance(value, (tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, list):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (bool, int, float, str)) or value is None:
        if isinstance(value, float) and value != value:
            return None
        return value
    return repr(value)


def scalar_kind(values):
    if values and all(isinstance(v, bool) for v in values):
        return "boolean"
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "integer"
    if values and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return "float"
    return "string"


class Module(object):
    def __init__(self, tree):
        self.enums = {}
        self.dash_names, self.dash_modules = set(), set()
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(
                (last_name(b) or "").endswith("Enum") for b in node.bases
            ):
                members = []
                for item in node.body:
                    if isinstance(item, ast.Assign) and len(item.targets) == 1 and isinstance(item.targets[0], ast.Name):
                        ok, value = literal(item.value)
                        if ok and not item.targets[0].id.startswith("_"):
                            members.append((item.targets[0].id, jsonable(value)))
                self.enums[node.name] = members
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "dash":
                        self.dash_modules.add(alias.asname or "dash")
            elif isinstance(node, ast.ImportFrom) and node.module == "dash":
                for alias in node.names:
                    if alias.name == "Dash":
                        self.dash_names.add(alias.asname or "Dash")

    def map_type(self, node):
        """(type, options, nullable) for an annotation node."""
        if node is None:
            return None, None, False
        ok, value = const_value(node)
        if ok and isinstance(value, str):  # a string annotation: "pd.DataFrame"
            try:
                return self.map_type(ast.parse(value, mode="eval").body)
            except SyntaxError:
                return "string", None, False
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            parts = [p for p in (node.left, node.right) if not is_none(p)]
            kind, options, nullable = self.map_type(parts[0]) if parts else (None, None, False)
            return kind, options, nullable or len(parts) < 2
        if isinstance(node, ast.Subscript):
            outer = last_name(node.value)
            inner = subscript_slice(node)
            items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            if outer == "Optional":
                kind, options, _ = self.map_type(items[0])
                return kind, options, True
            if outer == "Union":
                rest = [i for i in items if not is_none(i)]
                kind, options, nullable = self.map_type(rest[0]) if rest else (None, None, False)
                return kind, options, nullable or len(rest) < len(items)
            if outer == "Literal":
                values = [jsonable(literal(i)[1]) for i in items]
                return scalar_kind(values), values, False
            if outer == "Annotated":
                return self.map_type(items[0])
            return SCALARS.get(outer or "", "string"), None, False
        name = last_name(node)
        if name in self.enums:
            values = [v for _, v in self.enums[name]]
            return scalar_kind(values), values, False
        return SCALARS.get(name or "", "string"), None, False

    def default_of(self, node):
        ok, value = literal(node)
        if ok:
            return True, jsonable(value)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in self.enums:
            for member, member_value in self.enums[node.value.id]:
                if member == node.attr:
                    return True, member_value
        return False, text(node)

    def is_dash(self, call):
        if not isinstance(call, ast.Call):
            return False
        func = call.func
        if isinstance(func, ast.Name):
            return func.id in self.dash_names
        return isinstance(func, ast.Attribute) and func.attr == "Dash" and last_name(func.value) in self.dash_modules


def params_of(module, args):
    positional = list(getattr(args, "posonlyargs", [])) + list(args.args)
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    slots = [(a, d, "posonly" if a in getattr(args, "posonlyargs", []) else "args") for a, d in zip(positional, defaults)]
    if args.vararg:
        slots.append((args.vararg, None, "vararg"))
    slots += [(a, d, "kwonly") for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        slots.append((args.kwarg, None, "kwarg"))
    params = []
    for arg, default, kind in slots:
        kind_type, options, nullable = module.map_type(arg.annotation)
        has_default = default is not None
        is_literal, value = module.default_of(default) if has_default else (False, None)
        if kind_type is None:
            kind_type = scalar_kind([value]) if is_literal and value is not None else "string"
            if is_literal and isinstance(value, dict):
                kind_type = "dictionary"
            elif is_literal and isinstance(value, list):
                kind_type = "list"
        param = {
            "name": arg.arg, "annotation": text(arg.annotation), "type": kind_type, "options": options,
            "nullable": nullable or (has_default and is_literal and value is None), "hasDefault": has_default,
            "default": value if is_literal else None, "kind": KINDS[kind],
        }
        if has_default and not is_literal:
            param["defaultSource"] = value
        params.append(param)
    return params


def discover_module(name, source, filename):
    tree = ast.parse(source, filename=filename)
    module = Module(tree)
    functions, dash = [], []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            functions.append({
                "name": node.name, "line": node.lineno, "params": params_of(module, node.args),
                "returns": text(node.returns), "returnType": module.map_type(node.returns)[0],
                "doc": ast.get_docstring(node),
            })
        elif isinstance(node, (ast.Assign, getattr(ast, "AnnAssign", ast.Assign))) and module.is_dash(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    dash.append(target.id)
    return functions, dash


def module_name(relative):
    parts = relative[:-3].split("/")
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def main(root):
    modules, dash_apps = [], []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        for file in sorted(files):
            if not file.endswith(".py"):
                continue
            relative = os.path.relpath(os.path.join(folder, file), root).replace(os.sep, "/")
            name = module_name(relative)
            if name.split(".")[-1].startswith("_") and not file == "__init__.py":
                continue
            entry = {"name": name, "filename": relative, "functions": []}
            try:
                with open(os.path.join(folder, file), "rb") as handle:
                    source = handle.read()
                entry["functions"], variables = discover_module(name, source, relative)
                for variable in variables:
                    app = name if variable == "app" else "%s-%s" % (name, variable)
                    dash_apps.append({"name": app, "module": name, "variable": variable})
            except SyntaxError as err:
                entry["error"] = "SyntaxError: %s (%s, line %s)" % (err.msg, relative, err.lineno)
            except (ValueError, UnicodeDecodeError, RecursionError, MemoryError) as err:
                entry["error"] = "%s: %s (%s)" % (type(err).__name__, err, relative)
            modules.append(entry)
    json.dump({"modules": modules, "dashApps": dash_apps}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
