"""Checks docker/kubernetes/ offline (issue #32): each manifest against the Kubernetes API schemas,
and the manifests against what the server and its image really are.

    .venv/bin/python Tests/Container/validate_kubernetes.py      (scripts/test runs it)

1. kubernetes-validate --strict on every manifest, for the oldest Kubernetes a campus is likely to
   run still (1.29) and the newest the tool bundles. An ERROR fails, and so does a WARN: the tool
   only warns, and exits 0, on a kind or apiVersion it has no schema for (a typo such as
   `kind: Deploymnet`).
2. kustomization.yaml lists exactly the other manifests (none left out of `kubectl apply -k`).
3. The probes ask for the server's health routes (read from HealthRoutes.swift: liveness is the one
   that touches nothing, readiness the one that asks the database), on the port the image listens
   on (the Dockerfile's CAMPUSCAL_SERVER_PORT), which the Service and the NetworkPolicy name; the pod
   runs as the image's user (the Dockerfile's USER).
4. The ConfigMap's campuscal.toml is accepted by the server itself (`campuscal config`), when a
   build is at hand (CAMPUSCAL_BIN, default .build/debug/campuscal).
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import kubernetes_validate.utils
import yaml

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = ROOT / "docker" / "kubernetes"
VERSIONS = ["1.29.0", kubernetes_validate.utils.latest_version()]
failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL {message}")


def ok(message):
    print(f"ok   {message}")


def validate_schemas(files):
    for version in VERSIONS:
        for path in files:
            run = subprocess.run(
                [sys.executable, "-m", "kubernetes_validate", "--strict", "-k", version, str(path)],
                capture_output=True, text=True)
            output = run.stdout + run.stderr
            bad = [line for line in output.splitlines() if line.startswith(("ERROR", "WARN"))]
            if run.returncode != 0 or bad or "passed" not in output:
                fail(f"kubernetes-validate {version} {path.name}: exit {run.returncode}: {output.strip()}")
        ok(f"kubernetes-validate --strict -k {version}: {len(files)} manifests")


def resources(files):
    by_kind = {}
    for path in files:
        for document in yaml.safe_load_all(path.read_text()):
            if document:
                by_kind.setdefault(document["kind"], []).append(document)
    return by_kind


def health_routes():
    """(liveness path, readiness path) as HealthRoutes.swift registers them."""
    source = (ROOT / "Sources/CampusCalAPI/Routes/HealthRoutes.swift").read_text()
    routes = re.findall(r'routes\.open\(\.get, "([^"]+)"\)(.*?)(?=routes\.open|\Z)', source, re.S)
    liveness = [path for path, body in routes if "readiness()" not in body]
    readiness = [path for path, body in routes if "readiness()" in body]
    if len(liveness) != 1 or len(readiness) != 1:
        raise SystemExit(f"HealthRoutes.swift: cannot tell liveness from readiness in {routes}")
    return liveness[0], readiness[0]


def check_against_server(by_kind):
    dockerfile = (ROOT / "docker/Dockerfile").read_text()
    port = int(re.search(r"CAMPUSCAL_SERVER_PORT=(\d+)", dockerfile).group(1))
    users = set(re.findall(r"^USER (\d+):(\d+)", dockerfile, re.M))
    liveness, readiness = health_routes()

    [deployment] = by_kind["Deployment"]
    pod = deployment["spec"]["template"]["spec"]
    [container] = pod["containers"]
    named = {p["name"]: p["containerPort"] for p in container["ports"]}
    if named.get("http") != port:
        fail(f"containerPort http is {named.get('http')}, the image listens on {port}")

    def probe(kind, path):
        get = container.get(kind, {}).get("httpGet", {})
        target = named.get(get.get("port"), get.get("port"))
        if get.get("path") != path or target != port:
            fail(f"{kind} asks for {get.get('path')} on {target}; the server serves {path} on {port}")

    probe("startupProbe", liveness)
    probe("livenessProbe", liveness)
    probe("readinessProbe", readiness)
    ok(f"probes: {liveness} (startup, liveness), {readiness} (readiness) on port {port}, as the server serves them")

    if deployment["spec"]["replicas"] != 1 or deployment["spec"]["strategy"]["type"] != "Recreate":
        fail("the Deployment must be 1 replica with strategy Recreate (SQLite has one writer)")
    security = pod["securityContext"]
    if users != {(str(security.get("runAsUser")), str(security.get("runAsGroup")))}:
        fail(f"the pod runs as {security.get('runAsUser')}:{security.get('runAsGroup')}, the image's USER is {users}")
    hardening = container["securityContext"]
    if not (hardening.get("readOnlyRootFilesystem") and hardening.get("allowPrivilegeEscalation") is False
            and hardening.get("capabilities", {}).get("drop") == ["ALL"] and security.get("runAsNonRoot")
            and security.get("seccompProfile", {}).get("type") == "RuntimeDefault"):
        fail(f"the container's hardening is incomplete: {hardening}, pod {security}")
    ok(f"1 replica, Recreate; runs as the image's user {users}, read-only root, no capabilities")

    [service] = by_kind["Service"]
    targets = {named.get(p["targetPort"], p["targetPort"]) for p in service["spec"]["ports"]}
    if targets != {port}:
        fail(f"the Service sends to {targets}, not {port}")
    [policy] = by_kind["NetworkPolicy"]
    ingress = {named.get(p["port"], p["port"]) for rule in policy["spec"]["ingress"] for p in rule.get("ports", [])}
    if ingress != {port}:
        fail(f"the NetworkPolicy lets in {ingress}, not only {port}")
    ok(f"the Service and the NetworkPolicy reach port {port} only")
    return container


def check_configuration(by_kind, container):
    binary = Path(os.environ.get("CAMPUSCAL_BIN", ROOT / ".build/debug/campuscal"))
    if not binary.exists():
        print(f"note {binary} is not built: the ConfigMap's campuscal.toml is not checked by the server")
        return
    [config_map] = by_kind["ConfigMap"]
    text = config_map["data"]["campuscal.toml"]
    with tempfile.TemporaryDirectory() as folder:
        # The Secret's file is not here; a readable stand-in keeps the check to the settings.
        password = Path(folder) / "bind-password"
        password.write_text("stand-in")
        text = re.sub(r'bind_password_file = "[^"]*"', f'bind_password_file = "{password}"', text)
        (Path(folder) / "campuscal.toml").write_text(text)
        environment = {k: v for k, v in os.environ.items() if not k.startswith("CAMPUSCAL_")}
        environment.update({e["name"]: e["value"] for e in container.get("env", [])})
        run = subprocess.run([str(binary), "config", "--config", str(Path(folder) / "campuscal.toml")],
                             capture_output=True, text=True, env=environment)
    if run.returncode != 0:
        fail(f"campuscal config refuses the ConfigMap's campuscal.toml: {run.stderr.strip()}")
    else:
        ok("campuscal config accepts the ConfigMap's campuscal.toml and the Deployment's environment")


def main():
    kustomization = MANIFESTS / "kustomization.yaml"
    files = sorted(p for p in MANIFESTS.glob("*.yaml") if p != kustomization)
    listed = yaml.safe_load(kustomization.read_text())["resources"]
    if sorted(listed) != [p.name for p in files]:
        fail(f"kustomization.yaml lists {sorted(listed)}; the folder holds {[p.name for p in files]}")
    else:
        ok(f"kustomization.yaml lists every manifest: {', '.join(listed)}")
    validate_schemas(files)
    by_kind = resources(files)
    container = check_against_server(by_kind)
    check_configuration(by_kind, container)
    if failures:
        raise SystemExit(f"kubernetes manifests: {len(failures)} failed")
    print("kubernetes manifests: all checks passed")


if __name__ == "__main__":
    main()
