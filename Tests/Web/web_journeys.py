"""The web app's main journeys in a real browser against the real server (issue #30).

Headless Chromium (Debian's `chromium` and `chromium-driver`, driven by Selenium with the local
driver: no download, no network) against `campuscal serve` on a fresh database with the shipped
web app, the project's LMS test server (Tests/Support/lms_server.py, real HTTP, real OAuth
redirects through the browser) and the shipped us-holidays plugin:

1. Alice registers, sets her time zone, agrees to the I-Learn disclosure, connects I-Learn
   (Brightspace OAuth: the browser goes to the LMS and back), syncs, and sees the assignment
   "Field Journal 1" due at the right local time; she gives it a priority, adds it to her to-do
   list and completes it from there; the agenda summary drops it without a reload.
2. She invites Bob (a second browser, a second session); Bob accepts; Alice's unread badge goes up
   live (the notification stream) and her sent invitation shows his RSVP.
3. An administrator installs and enables the us-holidays plugin from the staging folder; its day
   labels (Christmas Day) appear in the month view.
4. Carol signs in with her campus account: the browser, standing in for the campus's single
   sign-on front, sends the header the front would; the sign-in page's button opens her session.

Every page visited is checked with axe-core (no serious or critical violation) at desktop width,
at a 360 px phone width for the main views (also: no horizontal scrolling) and in dark mode for
the month, tasks and settings; a refused registration shows the server's sentence beside the
field it names; the browser's
console must stay free of errors; screenshots at both widths are kept in tmp/web-journeys/.
Prints `web journeys: N passed, M failed` last; exits non-zero on any failure.

    CAMPUSCAL_BIN=.build/debug/campuscal .venv-web/bin/python Tests/Web/web_journeys.py
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from zoneinfo import ZoneInfo

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "Contract"))
from run_contract_tests import Tally, free_port, http  # noqa: E402  (stdlib-only helpers)

import campuscal_process  # noqa: E402  (Tests/Web: the server's start and stop)

ARTIFACTS = REPO / "tmp" / "web-journeys"
PASSWORD = "Journey-Passw0rd!"
ZONE = "America/Denver"
DESKTOP = (1280, 900)
PHONE = (360, 780)
# The fixture's assignment, and how far from now the LMS test server says it is due (so that it
# is "due soon" whenever the test runs).
ASSIGNMENT = "Field Journal 1"
ASSIGNMENT_FOLDER = 50211
PLUGIN = "org.campuscal.us-holidays"
PLUGIN_SLUG = "org.campuscal.us-holidays"


def log(message: str) -> None:
    print(f"[web] {message}", flush=True)


# --- the stack: LMS test server, CampusCal with the web app, a staged plugin ----------------------


class Stack:
    def __init__(self, binary: Path, work: Path) -> None:
        self.binary, self.work = binary, work
        self.database = work / "campuscal.sqlite"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.processes: list[subprocess.Popen] = []
        self.due = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=2)).replace(
            hour=5, minute=59, second=0, microsecond=0)

    def start_lms(self) -> str:
        # The fixture story, with Field Journal 1 due two days from now (05:59 UTC, the late evening
        # before in Denver), so that it shows among the next 7 days' work.
        fixtures = self.work / "lms-fixtures"
        shutil.copytree(REPO / "Tests" / "Fixtures" / "lms", fixtures)
        folders_path = fixtures / "brightspace" / "dropbox-folders.json"
        folders = json.loads(folders_path.read_text())
        for folder in folders:
            if folder["Id"] == ASSIGNMENT_FOLDER:
                folder["DueDate"] = self.due.strftime("%Y-%m-%dT%H:%M:%S.000Z")
        folders_path.write_text(json.dumps(folders))
        control = self.work / "lms-control"
        control.mkdir()
        self.processes.append(subprocess.Popen(
            [sys.executable, str(REPO / "Tests" / "Support" / "lms_server.py"), "--port", "0", "--fixtures", str(fixtures),
             "--control-dir", str(control), "--lifetime", "1800"],
            stdout=open(self.work / "lms.log", "wb"), stderr=subprocess.STDOUT, start_new_session=True))
        for _ in range(100):
            if (control / "port").exists():
                return f"http://127.0.0.1:{(control / 'port').read_text().strip()}"
            time.sleep(0.1)
        raise RuntimeError("the LMS test server did not start (see lms.log)")

    def stage_plugin(self) -> Path:
        """The shipped us-holidays plugin, packaged from the build into the admin API's staging folder."""
        build = self.binary.parent
        packaged = self.work / "packaged"
        subprocess.run([str(REPO / "scripts" / "package-plugins"), str(build), str(packaged)], check=True, capture_output=True)
        staging = self.work / "plugins-incoming"
        staging.mkdir()
        shutil.copytree(packaged / "us-holidays", staging / "us-holidays")
        return staging / "us-holidays"

    def start(self, lms: str) -> None:
        subprocess.run([str(self.binary), "user", "add", "admin", "--role", "admin", "--password-stdin", "--database", str(self.database)],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True, cwd=self.work)
        settings = {
            "server.web_directory": str(REPO / "web"),
            "privacy.agreements_directory": str(REPO / "config" / "agreements"),
            "plugins.directory": str(self.work / "plugins"),
            "plugins.staging_directory": str(self.work / "plugins-incoming"),
            "lms.brightspace_base_urls": lms,
            "lms.brightspace_client_id": "campuscal-d2l-test",
            "lms.brightspace_client_secret": "d2l-test-secret",
            "lms.brightspace_authorization_url": lms + "/oauth2/auth",
            "lms.brightspace_token_url": lms + "/core/connect/token",
            "lms.allowed_private_networks": "127.0.0.1/32",
            # Campus single sign-on: the browser plays the front proxy, adding the header it would.
            "auth.sso_header": "X-Remote-User",
            "auth.sso_trusted_proxies": "127.0.0.1",
        }
        self.processes.append(campuscal_process.start(self.binary, self.work, self.port, settings))

    def stop(self) -> None:
        for process in reversed(self.processes):
            campuscal_process.stop(process)


# --- a browser ------------------------------------------------------------------------------------


class Browser:
    """One Chromium with its own profile (so its own session), and the checks every page gets."""

    def __init__(self, name: str, base: str, tally: Tally) -> None:
        self.name, self.base, self.tally = name, base, tally
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-US",
                         f"--window-size={DESKTOP[0]},{DESKTOP[1]}", "--disable-extensions", "--no-first-run"]:
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": "en-US"})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
        self.wait = WebDriverWait(self.driver, 15)
        self.console: list[str] = []
        # Refusals a journey provokes on purpose: Chromium logs every 4xx answer as a console error.
        self.expected_refusals: set[str] = set()

    def quit(self) -> None:
        self.driver.quit()

    # finding things by their data-testid
    def find(self, testid: str, within=None, timeout: float = 15):
        scope = within or self.driver
        selector = f'[data-testid="{testid}"]'
        try:
            return WebDriverWait(self.driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(lambda _: next((e for e in scope.find_elements(By.CSS_SELECTOR, selector)
                                                                             if e.is_displayed()), None))
        except TimeoutException:
            raise AssertionError(f"{self.name}: no visible [data-testid={testid}] within {timeout:.0f} s on {self.driver.current_url}")

    def all(self, testid: str, within=None):
        return (within or self.driver).find_elements(By.CSS_SELECTOR, f'[data-testid="{testid}"]')

    def until(self, what: str, condition, timeout: float = 15):
        try:
            # A view re-renders as its data arrives: an element read a moment ago may be replaced.
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(lambda _: condition())
        except TimeoutException:
            raise AssertionError(f"{self.name}: {what} did not happen within {timeout:.0f} s on {self.driver.current_url}")

    def go(self, route: str) -> None:
        """An in-app navigation (the hash changes; the page is not reloaded)."""
        self.driver.execute_script("location.hash = arguments[0]", route)

    def type(self, testid: str, text: str, within=None) -> None:
        field = self.find(testid, within)
        field.clear()
        field.send_keys(text)

    def click(self, testid: str, within=None) -> None:
        element = self.find(testid, within)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    # the checks
    def collect_console(self) -> list[str]:
        errors = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] in ("SEVERE",)
                  and not any(f"{self.base}{path} - Failed to load resource: the server responded with a status of 4" in entry["message"]
                              for path in self.expected_refusals)]
        self.console += errors
        return errors

    def check_page(self, page: str, phone: bool = False) -> None:
        """axe-core on the page as it is (no serious or critical violation), a screenshot, and at
        phone width, no horizontal scrolling."""
        time.sleep(0.3)  # let the view's last fetch land
        self.screenshot(page, DESKTOP)
        self.axe(page, "desktop")
        if phone:
            self.set_width(PHONE)
            time.sleep(0.3)
            self.screenshot(page, PHONE)
            overflow = self.driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            check(self.tally, f"{page}: no horizontal scrolling at {PHONE[0]} px", overflow <= 0, f"{overflow} px too wide")
            self.axe(page, "phone")
            self.set_width(DESKTOP)

    def check_dark(self, page: str) -> None:
        """The same page in dark mode (prefers-color-scheme: dark): contrast is checked again."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        time.sleep(0.2)
        self.screenshot(page + "-dark", DESKTOP)
        self.axe(page, "dark mode")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def set_width(self, size: tuple[int, int]) -> None:
        if size == DESKTOP:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        else:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": size[0], "height": size[1], "deviceScaleFactor": 2, "mobile": True})

    def screenshot(self, page: str, size: tuple[int, int]) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(ARTIFACTS / f"{self.name}-{page}-{size[0]}px.png"))

    def axe(self, page: str, width: str) -> None:
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run(options={"resultTypes": ["violations"]})
        bad = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        why = "; ".join(f"{v['id']} ({v['impact']}): {v['help']} — {', '.join(str(n['target']) for n in v['nodes'][:3])}" for v in bad)
        check(self.tally, f"axe: {page} ({width}) has no serious or critical violation", not bad, why)


def check(tally: Tally, name: str, condition: bool, why: str = "") -> None:
    if condition:
        tally.ok(name)
    else:
        tally.fail(name, why)


# --- the journeys --------------------------------------------------------------------------------


def register(browser: Browser, username: str) -> None:
    browser.driver.get(browser.base + "/#/register")
    browser.type("register-username", username)
    browser.type("register-email", f"{username}@students.example.edu")
    browser.type("register-password", PASSWORD)
    browser.click("register-submit")
    browser.until("the first-run page after registering", lambda: browser.driver.execute_script("return location.hash") == "#/welcome")


def refused_registration(alice: Browser, tally: Tally) -> None:
    """A password the rules refuse: the server's sentence is shown, next to the password field."""
    alice.type("register-username", "alice")
    alice.type("register-password", "short")
    alice.expected_refusals.add("/api/v1/auth/register")
    alice.click("register-submit")
    alice.find("problem-message")
    password = alice.find("register-password")
    described = password.get_attribute("aria-describedby") or ""
    notes = [alice.driver.find_element(By.ID, i).text for i in described.split() if i.startswith("err-")]
    check(tally, "a refused registration shows the server's sentence next to the password field, and the field is marked invalid",
          password.get_attribute("aria-invalid") == "true" and any("8" in note or "character" in note for note in notes), f"{notes}")
    alice.check_page("register-refused")
    alice.collect_console()
    alice.expected_refusals.clear()


def first_run_and_lms(alice: Browser, tally: Tally) -> None:
    d = alice.driver
    alice.check_page("welcome", phone=True)
    Select(alice.find("timezone-select")).select_by_value(ZONE)
    alice.click("timezone-submit")
    alice.until("the time zone saved", lambda: http("GET", alice.base + "/api/v1/me", token=token_of(alice))[2].get("timeZone") == ZONE)
    check(tally, "first run: the time zone is saved", True)

    agreement = alice.find("agreement-ilearn-sync")
    alice.click("consent-checkbox", agreement)
    alice.click("consent-agree", agreement)
    alice.until("the consent recorded", lambda: "You agreed" in alice.find("agreement-status").text)
    check(tally, "first run: the I-Learn disclosure agreement is shown in full and agreed to", True)

    Select(alice.find("lms-kind")).select_by_value("brightspace")
    alice.click("lms-connect-submit")
    alice.click("lms-authorize-link")
    # The LMS test server approves at once and sends the browser back to CampusCal's callback.
    alice.until("the LMS sign-in to come back", lambda: "is connected" in d.find_element(By.TAG_NAME, "body").text, timeout=20)
    check(tally, "I-Learn sign-in: the browser went to the LMS and came back connected", True)
    alice.collect_console()
    d.find_element(By.LINK_TEXT, "Back to CampusCal").click()
    alice.until("the settings page", lambda: alice.all("lms-connection"))
    alice.click("lms-sync")
    alice.until("the sync report", lambda: "added" in alice.find("lms-report").text, timeout=60)
    check(tally, "I-Learn sync from the settings page reports what it added", True, alice.find("lms-report").text)
    alice.check_page("settings", phone=True)
    alice.check_dark("settings")


def assignment_to_done(alice: Browser, tally: Tally, due: datetime.datetime) -> None:
    alice.find("nav-tasks").click()
    item = alice.until(f"'{ASSIGNMENT}' among the tasks",
                       lambda: next((e for e in alice.all("task-item") if ASSIGNMENT in e.text), None), timeout=20)
    local = due.astimezone(ZoneInfo(ZONE))
    shown = alice.find("task-due", item).text
    expected_time = local.strftime("%-I:%M %p")
    expected_day = local.strftime("%b %-d")
    check(tally, f"'{ASSIGNMENT}' is due at the right local time ({local:%a %b %-d %H:%M} in {ZONE})",
          expected_time in shown and expected_day in shown, f"shown: {shown!r}")
    alice.check_page("tasks", phone=True)
    alice.check_dark("tasks")

    Select(alice.find("task-priority", item)).select_by_value("high")
    alice.until("the priority saved", lambda: any(t["title"] == ASSIGNMENT and t.get("priority") == "high"
                                                   for t in http("GET", alice.base + "/api/v1/tasks", token=token_of(alice))[2]["items"]))
    check(tally, "the assignment's priority is set from the task list", True)

    # It is due within the week, so the agenda summary on the month view lists it.
    alice.find("nav-month").click()
    alice.until("the agenda summary to list the assignment", lambda: ASSIGNMENT in alice.find("agenda-summary").text)
    check(tally, "the agenda summary lists the assignment", True)
    alice.check_page("month", phone=True)
    alice.check_dark("month")

    alice.find("nav-tasks").click()
    item = alice.until(f"'{ASSIGNMENT}' among the tasks", lambda: next((e for e in alice.all("task-item") if ASSIGNMENT in e.text), None))
    alice.click("task-add-todo", item)
    alice.find("nav-todo").click()
    alice.until("the assignment as the current to-do", lambda: ASSIGNMENT in alice.find("todo-current").text)
    alice.check_page("todo", phone=True)
    alice.click("todo-check")
    alice.until("the task completed", lambda: any(t["title"] == ASSIGNMENT and t.get("status") == "completed"
                                                  for t in http("GET", alice.base + "/api/v1/tasks?status=completed", token=token_of(alice))[2]["items"]))
    check(tally, "completing the to-do completes the assignment", True)

    alice.find("nav-month").click()
    alice.until("the agenda summary to drop the done assignment", lambda: ASSIGNMENT not in alice.find("agenda-summary").text)
    check(tally, "the agenda summary drops it without a reload", True)


def invitation(alice: Browser, bob: Browser, tally: Tally) -> None:
    register(bob, "bob")
    bob.go("#/month")
    before = int(alice.find("unread-badge").text or 0)

    alice.find("nav-invitations").click()
    alice.type("invite-usernames", "bob")
    form = alice.find("invitation-form")
    title = form.find_element(By.NAME, "title")
    title.clear()
    title.send_keys("Study session")
    alice.click("invite-submit")
    alice.until("the sent invitation listed", lambda: any("Study session" in e.text for e in alice.all("invitation-sent-item")))
    alice.check_page("invitations", phone=True)

    bob.find("nav-invitations").click()
    item = bob.until("Alice's invitation at Bob's", lambda: next((e for e in bob.all("invitation-item") if "Study session" in e.text), None))
    bob.check_page("invitations")
    bob.click("invitation-accept", item)
    bob.until("Bob's answer saved", lambda: "ccept" in bob.find("invitation-response").text)
    check(tally, "a second browser accepts the invitation", True)

    # Alice's page was not reloaded: the badge moves because the stream said so.
    alice.until("Alice's unread badge to count Bob's answer", lambda: int(alice.find("unread-badge").text or 0) > before, timeout=20)
    check(tally, "the unread badge updates live when Bob answers", True)
    alice.until("Bob's RSVP on the sent invitation",
                lambda: any(e.get_attribute("data-username") == "bob" and "ccept" in e.text for e in alice.all("invitation-rsvp")), timeout=20)
    check(tally, "the organiser sees the RSVP", True)


def plugin_day_labels(admin: Browser, staged: Path, tally: Tally) -> None:
    admin.driver.get(admin.base + "/#/login")
    admin.type("login-username", "admin")
    admin.type("login-password", PASSWORD)
    admin.click("login-submit")
    admin.find("nav-admin").click()
    admin.check_page("admin-users")
    admin.go("#/admin/plugins")
    admin.type("admin-plugin-path", str(staged))
    admin.click("admin-plugin-install-submit")
    admin.until("us-holidays installed", lambda: any(e.get_attribute("data-plugin-id") == PLUGIN for e in admin.all("admin-plugin-item")), timeout=30)
    enable = [e for e in admin.all(f"admin-plugin-enable-{PLUGIN_SLUG}") if e.is_displayed()]
    if enable:
        enable[0].click()
    admin.until("us-holidays enabled", lambda: any(p["id"] == PLUGIN and p["status"] == "active"
                                                  for p in http("GET", admin.base + "/api/v1/admin/plugins", token=token_of(admin))[2]["items"]))
    check(tally, "an admin installs and enables a plugin from the admin pages", True)
    admin.check_page("admin-plugins")

    year = datetime.date.today().year
    admin.go(f"#/month/{year}-12")
    cell = admin.find(f"day-cell-{year}-12-25")
    admin.until("Christmas Day in the month view", lambda: "Christmas" in cell.text, timeout=20)
    check(tally, "the plugin's day labels appear in the month view", True)
    admin.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", cell)
    admin.check_page("month-with-holidays", phone=True)
    for route, page, marker in [("#/admin/notices", "admin-notices", "admin-notice-form"),
                                ("#/admin/disclosures", "admin-disclosures", "admin-nav-disclosures")]:
        admin.go(route)
        admin.find(marker)
        admin.check_page(page)


def campus_sign_on(carol: Browser, tally: Tally) -> None:
    """Behind the campus's single sign-on front, which names the person in a header: here the
    browser adds the header itself (CDP), as the front proxy would on every request."""
    carol.driver.execute_cdp_cmd("Network.enable", {})
    carol.driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"X-Remote-User": "carol"}})
    carol.driver.get(carol.base + "/#/login")
    carol.click("login-sso")
    carol.until("the month view after campus sign-on", lambda: carol.all("month-view"))
    me = http("GET", carol.base + "/api/v1/me", token=token_of(carol))[2]
    check(tally, "campus single sign-on from the sign-in page opens a session for the person the front names", me.get("username") == "carol", str(me))


def other_pages(browser: Browser) -> None:
    """Every other page once, each through axe, with screenshots: a study group made from the
    groups page (which then opens it), and the calendar views."""
    browser.go("#/groups")
    browser.type("group-name", "BIO 240 study group")
    browser.click("group-submit")
    browser.until("the new group's page", lambda: browser.driver.execute_script("return location.hash").startswith("#/groups/"))
    browser.find("group-members")
    browser.check_page("group", phone=True)
    for route, page, marker in [("#/week", "week", "week-view"), ("#/day", "day", "day-view"), ("#/semester", "semester", "semester-view"),
                                ("#/agenda", "agenda", "agenda-summary"), ("#/groups", "groups", "group-form"),
                                ("#/shares", "shares", "calendar-list")]:
        browser.go(route)
        browser.find(marker)
        browser.check_page(page, phone=True)


def token_of(browser: Browser) -> str:
    return browser.driver.execute_script("return sessionStorage.getItem('campuscal.token')") or ""


def main() -> int:
    binary = Path(os.environ.get("CAMPUSCAL_BIN", REPO / ".build" / "debug" / "campuscal")).resolve()
    tally = Tally()
    started = time.monotonic()
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    work = Path(tempfile.mkdtemp(prefix="campuscal-web-"))
    stack = Stack(binary, work)
    browsers: list[Browser] = []
    try:
        lms = stack.start_lms()
        staged = stack.stage_plugin()
        stack.start(lms)
        log(f"server {stack.base}, LMS {lms}, artefacts {ARTIFACTS}")
        alice = Browser("alice", stack.base, tally)
        browsers.append(alice)
        alice.driver.get(stack.base + "/#/register")
        alice.find("register-form")
        alice.check_page("register", phone=True)
        refused_registration(alice, tally)
        register(alice, "alice")
        first_run_and_lms(alice, tally)
        assignment_to_done(alice, tally, stack.due)
        bob = Browser("bob", stack.base, tally)
        browsers.append(bob)
        invitation(alice, bob, tally)
        other_pages(alice)
        admin = Browser("admin", stack.base, tally)
        browsers.append(admin)
        admin.driver.get(stack.base + "/#/login")
        admin.find("login-form")
        admin.check_page("login", phone=True)
        plugin_day_labels(admin, staged, tally)
        carol = Browser("carol", stack.base, tally)
        browsers.append(carol)
        campus_sign_on(carol, tally)
    except Exception as error:  # a journey stopped: say where, keep going to the summary
        where = traceback.extract_tb(error.__traceback__)
        tally.fail("journeys ran to the end", f"{str(error).splitlines()[0] if str(error) else type(error).__name__} "
                   f"(at {', '.join(f'{frame.name}:{frame.lineno}' for frame in where if frame.filename == __file__)})")
        for browser in browsers:
            try:
                browser.screenshot("failure", DESKTOP)
            except Exception:
                pass
        log("server log tail:\n" + "\n".join((work / "server.log").read_text(errors="replace").splitlines()[-30:]))
    finally:
        for browser in browsers:
            try:
                browser.collect_console()
            except Exception:
                pass
        for browser in browsers:
            check(tally, f"{browser.name}'s console has no errors", not browser.console, "\n".join(browser.console[:10]))
            browser.quit()
        stack.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"web journeys: {len(tally.passed)} passed, {len(tally.failed)} failed ({time.monotonic() - started:.0f} s; "
          f"screenshots in {ARTIFACTS.relative_to(REPO)})", flush=True)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
