"""Serves a package's Dash app on a Unix socket (stdlib + the package's own dash/werkzeug). Mounted at /runner.

Usage: python dash_serve.py <module> <variable> <socket path>. DASH_URL_BASE_PATHNAME comes from the environment.
"""
import importlib
import os
import sys


def main(module_name, variable, socket_path):
    sys.path.insert(0, os.environ.get("TESSERA_PKG", "/pkg"))
    sys.argv = [module_name]
    module = importlib.import_module(module_name)
    app = getattr(module, variable)
    server = getattr(app, "server", app)
    if os.path.exists(socket_path):
        os.unlink(socket_path)
    from werkzeug.serving import run_simple

    run_simple("unix://" + socket_path, 0, server, threaded=True, use_reloader=False, use_debugger=False)


if __name__ == "__main__":
    main(*sys.argv[1:4])
