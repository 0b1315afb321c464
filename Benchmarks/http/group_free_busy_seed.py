"""Seeds a 10-person study group for the free-busy benchmark: the benchmark user owns it, nine
more students join by invitation, and every member gets 5 calendars × 400 events (a quarter of
them weekly, as month_view_seed.py makes them) — 20,000 events in all.

Usage: group_free_busy_seed.py BASE_URL TOKEN  → prints the group id.
"""
import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

BASE, TOKEN = sys.argv[1], sys.argv[2]
SEED = Path(__file__).with_name("month_view_seed.py")


def call(method, path, token, body=None):
    request = urllib.request.Request(BASE + path, data=None if body is None else json.dumps(body).encode(), method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as response:
        data = response.read()
        return json.loads(data) if data else None


run = str(int(time.time()))
group = call("POST", "/api/v1/groups", TOKEN, {"name": "Free-busy bench"})["id"]
members = {}
for index in range(9):
    name = f"fb{run}x{index}"
    call("POST", "/api/v1/auth/register", None, {"username": name, "password": "Bench1234!"})
    members[name] = call("POST", "/api/v1/auth/login", None, {"username": name, "password": "Bench1234!"})["token"]
call("POST", f"/api/v1/groups/{group}/invitations", TOKEN, {"usernames": list(members)})
for name, token in members.items():
    for invitation in call("GET", "/api/v1/group-invitations", token)["items"]:
        call("POST", f"/api/v1/group-invitations/{invitation['id']}/accept", token)
for token in [TOKEN, *members.values()]:
    subprocess.run([sys.executable, str(SEED), BASE, token], check=True, stdout=subprocess.DEVNULL)
print(group)
