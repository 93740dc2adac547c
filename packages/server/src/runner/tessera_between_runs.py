"""Between two runs of a serving sandbox (harness.py; stdlib only, Python 3.7+): what a run left is removed before the
next one starts, its processes and its files. Named so that no package's module shadows it."""
import os
import signal
import stat


def clean_except(work_root, keep):
    """Empties the sandbox's folder (all but the new run's folder) and its /tmp: a run finds nothing of the last.
    Mounts below them (the environment's folder may sit under /tmp) are not the runs' and are left alone."""
    places = [(work_root, keep)]
    if os.environ.get("TESSERA_SANDBOXED") == "1":
        places.append(("/tmp", None))
    for root, kept in places:
        try:
            device = os.lstat(root).st_dev
            names = os.listdir(root)
        except OSError:
            continue
        for name in names:
            if name != kept:
                remove(os.path.join(root, name), device)


def remove(target, device):
    try:
        status = os.lstat(target)
        if status.st_dev != device:
            return
        if stat.S_ISDIR(status.st_mode):
            for name in os.listdir(target):
                remove(os.path.join(target, name), device)
            os.rmdir(target)
        else:
            os.unlink(target)
    except (OSError, RecursionError):
        pass


def zombie(pid):
    try:
        with open("/proc/%s/stat" % pid) as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True  # gone


def end_strays(child):
    """Kills whatever the run left running: its process group, and in the sandbox (a PID namespace of its own)
    every process but its first (bubblewrap's) and this one, until none is left."""
    try:
        os.killpg(child, signal.SIGKILL)
    except OSError:
        pass
    if os.environ.get("TESSERA_SANDBOXED") != "1":
        return True
    me = os.getpid()
    for _ in range(200):
        others = [int(n) for n in os.listdir("/proc") if n.isdigit() and int(n) not in (1, me)]
        others = [pid for pid in others if not zombie(pid)]
        if not others:
            return True
        for pid in others:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    return False


def threads():
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 1
