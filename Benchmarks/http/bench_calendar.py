"""The synthetic calendars every HTTP benchmark seeds: the same shape everywhere, so figures compare."""
import random


def semester_ics(tag, count):
    """`count` events over 2026-08 … 2027-07 in America/Denver, 50 minutes each between 07:00 and
    20:00; every fourth one weekly (MO/WE/FR, TU/TH or one day) until the end of April."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CampusCal bench//EN"]
    for number in range(count):
        month = random.choice([8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7])
        year = 2026 if month >= 8 else 2027
        day = random.randint(1, 28)
        hour = random.randint(7, 20)
        lines += ["BEGIN:VEVENT", f"UID:bench-{tag}-{number}", "DTSTAMP:20260801T000000Z",
                  f"DTSTART;TZID=America/Denver:{year}{month:02d}{day:02d}T{hour:02d}0000",
                  f"DTEND;TZID=America/Denver:{year}{month:02d}{day:02d}T{hour:02d}5000",
                  f"SUMMARY:Event {tag}-{number}", "LOCATION:Room 101"]
        if number % 4 == 0:
            days = random.choice(["MO,WE,FR", "TU,TH", "MO", "WE", "FR"])
            lines.append(f"RRULE:FREQ=WEEKLY;BYDAY={days};UNTIL=20270430T235959Z")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines).encode()
