"""The campuscal service's hardening in docker/compose.yaml, as podman run flags, one per line.

Tests/Container/run_container_test.sh runs the image with these flags, so the settings a campus
deploys with are the ones the test proves the server works under; there is one list, the compose
file. It fails (exit 1) when a setting issue #32 asks for is missing or is one it cannot translate,
so the file cannot quietly lose its hardening or grow a setting the test would not apply.

    .venv/bin/python Tests/Container/compose_hardening.py [docker/compose.yaml]
"""

import sys

import yaml

# Every hardening key the service may carry; each must be present.
REQUIRED = ("read_only", "tmpfs", "security_opt", "cap_drop", "mem_limit", "cpus", "pids_limit")


def flags(service):
    missing = [key for key in REQUIRED if key not in service]
    if missing:
        raise SystemExit(f"docker/compose.yaml: the campuscal service lacks {', '.join(missing)}")
    if service["read_only"] is not True:
        raise SystemExit("docker/compose.yaml: read_only must be true")
    if "ALL" not in service["cap_drop"] or service.get("cap_add"):
        raise SystemExit("docker/compose.yaml: cap_drop must be [ALL], with no cap_add")
    if "no-new-privileges:true" not in service["security_opt"]:
        raise SystemExit("docker/compose.yaml: security_opt must hold no-new-privileges:true")
    # Docker's read-only root has no writable folder but those listed; podman would add /tmp, /var/tmp
    # and /run on its own unless told not to, which would hide a missing tmpfs here.
    result = ["--read-only", "--read-only-tmpfs=false"]
    for mount in service["tmpfs"]:
        result += ["--tmpfs", mount]
    for option in service["security_opt"]:
        name, _, value = option.partition(":")
        if name != "no-new-privileges":
            raise SystemExit(f"docker/compose.yaml: security_opt {option} has no translation in {__file__}")
        result += ["--security-opt", "no-new-privileges"] if value == "true" else []
    for capability in service["cap_drop"]:
        result += ["--cap-drop", capability]
    result += ["--memory", str(service["mem_limit"]), "--cpus", str(service["cpus"]), "--pids-limit", str(service["pids_limit"])]
    return result


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "docker/compose.yaml"
    with open(path) as file:
        service = yaml.safe_load(file)["services"]["campuscal"]
    print("\n".join(flags(service)))


if __name__ == "__main__":
    main()
