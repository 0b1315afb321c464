BEGIN TRANSACTION;
CREATE TABLE "accountDeletion" ("seq" INTEGER PRIMARY KEY AUTOINCREMENT, "id" TEXT NOT NULL UNIQUE, "userID" TEXT NOT NULL, "requestedBy" TEXT, "deletedAt" DATETIME NOT NULL, "counts" TEXT NOT NULL);
CREATE TABLE "accountSourceFailure" ("account" TEXT NOT NULL, "source" TEXT NOT NULL, "failedAt" DATETIME NOT NULL);
CREATE TABLE "accountSourceLock" ("account" TEXT NOT NULL, "source" TEXT NOT NULL, "lockedUntil" DATETIME NOT NULL, PRIMARY KEY ("account", "source"));
CREATE TABLE "appPassword" ("id" TEXT PRIMARY KEY NOT NULL, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "secretHash" TEXT NOT NULL UNIQUE, "createdAt" DATETIME NOT NULL, "lastUsedAt" DATETIME);
INSERT INTO "appPassword" VALUES('s1nJ8krCwru6R9A99vyARA','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','Phone','6555cae27a3225ca71115d1f5d1d4930c6d5cbe00b937f146935784e5742eb85','2026-11-27 20:12:45.239',NULL);
CREATE TABLE "calendar" ("id" TEXT PRIMARY KEY NOT NULL, "ownerID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "description" TEXT, "color" TEXT NOT NULL, "timeZone" TEXT NOT NULL, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL, "version" INTEGER NOT NULL, "eventsVersion" INTEGER NOT NULL DEFAULT 0, "groupID" TEXT REFERENCES "studyGroup"("id") ON DELETE CASCADE, "davName" TEXT, "displayOrder" INTEGER);
INSERT INTO "calendar" VALUES('17d47aef-f5ef-4249-90a8-0bfb01e22f4c','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','Classes',NULL,'#AA3300','UTC','2026-11-27 20:12:45.011','2026-11-27 20:12:45.011',1,3,NULL,NULL,NULL);
CREATE TABLE "calendarChange" ("calendarID" TEXT NOT NULL REFERENCES "calendar"("id") ON DELETE CASCADE, "actorID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "changes" INTEGER NOT NULL, "firstAt" DATETIME NOT NULL, PRIMARY KEY ("calendarID", "actorID"));
CREATE TABLE "calendarFeed" ("calendarID" TEXT PRIMARY KEY NOT NULL REFERENCES "calendar"("id") ON DELETE CASCADE, "tokenHash" TEXT NOT NULL UNIQUE, "createdAt" DATETIME NOT NULL);
CREATE TABLE "calendarShare" ("id" TEXT PRIMARY KEY NOT NULL, "calendarID" TEXT NOT NULL REFERENCES "calendar"("id") ON DELETE CASCADE, "recipientUserID" TEXT REFERENCES "user"("id") ON DELETE CASCADE, "recipientGroupID" TEXT REFERENCES "studyGroup"("id") ON DELETE CASCADE, "level" TEXT NOT NULL CHECK (level IN ('free-busy', 'read', 'write', 'manage')), "sharedByID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL, CHECK ((recipientUserID IS NULL) <> (recipientGroupID IS NULL)));
INSERT INTO "calendarShare" VALUES('6ead5bf4-3560-4aaf-9c44-95a7395b3829','17d47aef-f5ef-4249-90a8-0bfb01e22f4c','1b2c7f90-165e-4419-9629-25cc0b19cdb0',NULL,'read','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','2026-11-27 20:12:45.214','2026-11-27 20:12:45.214');
CREATE TABLE changeLog (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('event', 'task')),
  collection TEXT NOT NULL,
  itemID TEXT NOT NULL,
  deleted BOOLEAN NOT NULL,
  hidden BOOLEAN NOT NULL DEFAULT 0,
  shown BOOLEAN NOT NULL DEFAULT 0,
  uid TEXT
);
INSERT INTO "changeLog" VALUES(1,'event','17d47aef-f5ef-4249-90a8-0bfb01e22f4c','34de46dd-d75e-4a71-bf6b-85022862e51d',0,0,1,'cs235@upgrade');
INSERT INTO "changeLog" VALUES(2,'event','17d47aef-f5ef-4249-90a8-0bfb01e22f4c','77d12bf6-a62c-4b4d-9e33-e456ff1f97f4',0,1,0,'clinic@upgrade');
INSERT INTO "changeLog" VALUES(3,'event','17d47aef-f5ef-4249-90a8-0bfb01e22f4c','54c1e203-79cb-47d3-9399-d326dde05331',0,0,1,'54c1e203-79cb-47d3-9399-d326dde05331@campuscal');
INSERT INTO "changeLog" VALUES(4,'task','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','61389820-34d5-4930-8790-b5f531be61fd',0,0,0,NULL);
INSERT INTO "changeLog" VALUES(5,'task','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','90da7d8b-1e2b-4fb0-84ac-9ed664a5ad18',0,0,0,NULL);
INSERT INTO "changeLog" VALUES(7,'task','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','2de1097c-bf7f-4db8-9a7e-d91547f56542',0,0,0,NULL);
CREATE TABLE "changeLogHorizon" ("id" INTEGER PRIMARY KEY CHECK (id = 1), "prunedThrough" INTEGER NOT NULL);
INSERT INTO "changeLogHorizon" VALUES(1,0);
CREATE TABLE "changeLogMark" ("markedAt" DATETIME PRIMARY KEY NOT NULL, "seq" INTEGER NOT NULL);
INSERT INTO "changeLogMark" VALUES('2026-11-27 20:12:44.043',0);
CREATE TABLE "classListEntry" ("courseID" TEXT NOT NULL REFERENCES "course"("id") ON DELETE CASCADE, "personKey" TEXT NOT NULL, "loginID" TEXT, "displayName" TEXT NOT NULL, "role" TEXT NOT NULL CHECK (role IN ('student', 'instructor', 'assistant')), "updatedAt" DATETIME NOT NULL, PRIMARY KEY ("courseID", "personKey"));
CREATE TABLE "confirmedAddress" ("userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "channel" TEXT NOT NULL, "address" TEXT NOT NULL, "confirmedAt" DATETIME NOT NULL, PRIMARY KEY ("userID", "channel"));
CREATE TABLE "consent" ("id" TEXT PRIMARY KEY NOT NULL, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "agreementID" TEXT NOT NULL, "agreementVersion" INTEGER NOT NULL, "recipient" TEXT NOT NULL, "purpose" TEXT NOT NULL, "categories" TEXT NOT NULL, "agreedAt" DATETIME NOT NULL, "withdrawnAt" DATETIME);
CREATE TABLE "course" ("id" TEXT PRIMARY KEY NOT NULL, "code" TEXT NOT NULL, "name" TEXT NOT NULL, "term" TEXT, "createdAt" DATETIME NOT NULL, "source" TEXT);
CREATE TABLE "disclosure" ("seq" INTEGER PRIMARY KEY AUTOINCREMENT, "id" TEXT NOT NULL UNIQUE, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "recipientID" TEXT NOT NULL, "recipient" TEXT NOT NULL, "purpose" TEXT NOT NULL, "categories" TEXT NOT NULL, "basis" TEXT NOT NULL CHECK (basis IN ('consent', 'de-identified', 'legal')), "consentID" TEXT, "legalBasis" TEXT, "recordCount" INTEGER NOT NULL, "requestedBy" TEXT, "disclosedAt" DATETIME NOT NULL);
CREATE TABLE "enrolment" ("courseID" TEXT NOT NULL REFERENCES "course"("id") ON DELETE CASCADE, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "role" TEXT NOT NULL CHECK (role IN ('student', 'instructor', 'assistant')), PRIMARY KEY ("courseID", "userID"));
CREATE TABLE "event" ("id" TEXT PRIMARY KEY NOT NULL, "calendarID" TEXT NOT NULL REFERENCES "calendar"("id") ON DELETE CASCADE, "uid" TEXT NOT NULL, "title" TEXT NOT NULL, "description" TEXT, "location" TEXT, "url" TEXT, "start" TEXT NOT NULL, "end" TEXT NOT NULL, "recurrenceRule" TEXT, "recurrenceDates" TEXT NOT NULL DEFAULT '', "exceptionDates" TEXT NOT NULL DEFAULT '', "categories" TEXT NOT NULL DEFAULT '[]', "classification" TEXT NOT NULL, "status" TEXT NOT NULL, "transparency" TEXT NOT NULL, "sequence" INTEGER NOT NULL, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL, "version" INTEGER NOT NULL, "seriesStart" DOUBLE NOT NULL, "seriesEnd" DOUBLE, "overrides" TEXT NOT NULL DEFAULT '', "reminders" TEXT NOT NULL DEFAULT '', "courseID" TEXT, UNIQUE ("calendarID", "uid"));
INSERT INTO "event" VALUES('34de46dd-d75e-4a71-bf6b-85022862e51d','17d47aef-f5ef-4249-90a8-0bfb01e22f4c','cs235@upgrade','CS 235 lecture',NULL,NULL,NULL,'Z:America/Denver:20261201T090000','Z:America/Denver:20261201T095000','FREQ=WEEKLY;COUNT=8;BYDAY=TU,TH','','Z:America/Denver:20261203T090000','[]','PUBLIC','CONFIRMED','OPAQUE',0,'2026-11-27 20:12:45.049','2026-11-27 20:12:45.049',1,1796086800.0,1798185000.0,'[{"categories":[],"classification":"PUBLIC","end":"Z:America\/Denver:20261208T135000","range":"thisOccurrence","recurrenceID":"Z:America\/Denver:20261208T090000","sequence":0,"start":"Z:America\/Denver:20261208T130000","status":"CONFIRMED","title":"CS 235 lecture (moved)","transparency":"OPAQUE"}]','b:15',NULL);
INSERT INTO "event" VALUES('77d12bf6-a62c-4b4d-9e33-e456ff1f97f4','17d47aef-f5ef-4249-90a8-0bfb01e22f4c','clinic@upgrade','Clinic',NULL,NULL,NULL,'U:20261210T170000','U:20261210T180000',NULL,'','','[]','PRIVATE','CONFIRMED','OPAQUE',0,'2026-11-27 20:12:45.049','2026-11-27 20:12:45.049',1,1796868000.0,1796979600.0,'','',NULL);
INSERT INTO "event" VALUES('54c1e203-79cb-47d3-9399-d326dde05331','17d47aef-f5ef-4249-90a8-0bfb01e22f4c','54c1e203-79cb-47d3-9399-d326dde05331@campuscal','Office hours',NULL,NULL,NULL,'U:20261215T160000','U:20261215T170000',NULL,'','','[]','PUBLIC','CONFIRMED','OPAQUE',0,'2026-11-27 20:12:45.076','2026-11-27 20:12:45.076',1,1797296400.0,1797408000.0,'','',NULL);
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO "grdb_migrations" VALUES('2026-11-22-accounts');
INSERT INTO "grdb_migrations" VALUES('2026-11-22-calendars');
INSERT INTO "grdb_migrations" VALUES('2026-11-22-events');
INSERT INTO "grdb_migrations" VALUES('2026-11-22-calendar-feeds');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-event-overrides');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-calendar-events-version');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-tasks');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-todo');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-notices');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-event-reminders');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-maintenance-notices');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-groups');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-invitations');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-calendar-shares');
INSERT INTO "grdb_migrations" VALUES('2026-11-23-courses');
INSERT INTO "grdb_migrations" VALUES('2026-11-24-privacy');
INSERT INTO "grdb_migrations" VALUES('2026-11-24-lms');
INSERT INTO "grdb_migrations" VALUES('2026-11-25-plugin-state');
INSERT INTO "grdb_migrations" VALUES('2026-11-26-plugin-settings');
INSERT INTO "grdb_migrations" VALUES('2026-11-27-plugin-calendars');
INSERT INTO "grdb_migrations" VALUES('2026-11-28-todo-entry-task-index');
INSERT INTO "grdb_migrations" VALUES('2026-11-29-lms-sync-attempts');
INSERT INTO "grdb_migrations" VALUES('2026-11-30-login-attempts-by-source');
INSERT INTO "grdb_migrations" VALUES('2026-12-01-address-confirmation-and-recovery');
INSERT INTO "grdb_migrations" VALUES('2026-12-02-release-ledger');
INSERT INTO "grdb_migrations" VALUES('2026-12-03-lms-class-lists');
INSERT INTO "grdb_migrations" VALUES('2026-12-04-assignment-submission-window');
INSERT INTO "grdb_migrations" VALUES('2026-12-05-items-name-their-course');
INSERT INTO "grdb_migrations" VALUES('2026-12-05-change-log');
INSERT INTO "grdb_migrations" VALUES('2026-12-05-app-passwords');
INSERT INTO "grdb_migrations" VALUES('2026-12-06-calendar-dav-addresses');
CREATE TABLE "groupInvitation" ("id" TEXT PRIMARY KEY NOT NULL, "groupID" TEXT NOT NULL REFERENCES "studyGroup"("id") ON DELETE CASCADE, "inviteeID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "inviterID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "status" TEXT NOT NULL, "createdAt" DATETIME NOT NULL, "decidedAt" DATETIME);
CREATE TABLE "groupJoinRequest" ("id" TEXT PRIMARY KEY NOT NULL, "groupID" TEXT NOT NULL REFERENCES "studyGroup"("id") ON DELETE CASCADE, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "status" TEXT NOT NULL, "createdAt" DATETIME NOT NULL, "decidedAt" DATETIME, "decidedBy" TEXT REFERENCES "user"("id") ON DELETE SET NULL);
CREATE TABLE "groupMember" ("groupID" TEXT NOT NULL REFERENCES "studyGroup"("id") ON DELETE CASCADE, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "role" TEXT NOT NULL CHECK (role IN ('owner', 'member')), "permissions" TEXT NOT NULL, "joinedAt" DATETIME NOT NULL, PRIMARY KEY ("groupID", "userID"));
CREATE TABLE "groupPost" ("sequence" INTEGER PRIMARY KEY AUTOINCREMENT, "id" TEXT NOT NULL UNIQUE, "groupID" TEXT NOT NULL REFERENCES "studyGroup"("id") ON DELETE CASCADE, "kind" TEXT NOT NULL CHECK (kind IN ('announcement', 'message', 'link')), "authorID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "title" TEXT, "body" TEXT, "url" TEXT, "createdAt" DATETIME NOT NULL);
CREATE TABLE "invitation" ("id" TEXT PRIMARY KEY NOT NULL, "organizerID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "eventID" TEXT, "title" TEXT NOT NULL, "message" TEXT, "startsAt" DATETIME, "endsAt" DATETIME, "createdAt" DATETIME NOT NULL, "cancelledAt" DATETIME);
CREATE TABLE "invitationInvitee" ("invitationID" TEXT NOT NULL REFERENCES "invitation"("id") ON DELETE CASCADE, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "response" TEXT NOT NULL CHECK (response IN ('pending', 'accepted', 'declined', 'tentative')), "respondedAt" DATETIME, "viaGroupID" TEXT, PRIMARY KEY ("invitationID", "userID"));
CREATE TABLE "invitationSetting" ("userID" TEXT PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "privacy" TEXT NOT NULL CHECK (privacy IN ('everyone', 'groupMembers', 'nobody')));
CREATE TABLE "lmsConnection" ("id" TEXT PRIMARY KEY NOT NULL, "ownerID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "kind" TEXT NOT NULL CHECK (kind IN ('brightspace', 'canvas', 'moodle', 'ics')), "baseURL" TEXT NOT NULL, "calendarID" TEXT NOT NULL REFERENCES "calendar"("id") ON DELETE CASCADE, "sealedCredentials" BLOB NOT NULL, "status" TEXT NOT NULL, "statusReason" TEXT, "lastSyncAt" DATETIME, "lastReport" TEXT, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL, "lastAttemptAt" DATETIME);
CREATE TABLE "lmsIdentity" ("personKey" TEXT PRIMARY KEY NOT NULL, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "learntAt" DATETIME NOT NULL);
CREATE TABLE "loginFailure" ("username" TEXT NOT NULL, "failedAt" DATETIME NOT NULL);
CREATE TABLE "loginLock" ("username" TEXT PRIMARY KEY NOT NULL, "lockedUntil" DATETIME NOT NULL);
CREATE TABLE "maintenanceNotice" ("id" TEXT PRIMARY KEY NOT NULL, "title" TEXT NOT NULL, "message" TEXT NOT NULL, "startsAt" DATETIME NOT NULL, "endsAt" DATETIME NOT NULL, "urgent" BOOLEAN NOT NULL, "createdBy" TEXT NOT NULL, "createdAt" DATETIME NOT NULL);
CREATE TABLE "notice" ("id" TEXT PRIMARY KEY NOT NULL, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "kind" TEXT NOT NULL, "title" TEXT NOT NULL, "body" TEXT NOT NULL, "link" TEXT, "createdAt" DATETIME NOT NULL, "readAt" DATETIME);
INSERT INTO "notice" VALUES('1d2a1c6c-2446-4186-a58f-feabbfa38e93','1b2c7f90-165e-4419-9629-25cc0b19cdb0','share','Shared with you: Classes','ada shared the calendar ''Classes'' with you (read): you see its events.','/api/v1/calendars/17d47aef-f5ef-4249-90a8-0bfb01e22f4c','2026-11-27 20:12:45.217',NULL);
CREATE TABLE "noticeDelivery" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "noticeID" TEXT NOT NULL REFERENCES "notice"("id") ON DELETE CASCADE, "channel" TEXT NOT NULL, "address" TEXT NOT NULL, "attempts" INTEGER NOT NULL DEFAULT 0, "nextAttemptAt" DOUBLE NOT NULL, "sentAt" DOUBLE, "failedAt" DOUBLE, "lastError" TEXT, "userID" TEXT, "queuedAt" DOUBLE);
CREATE TABLE "notificationPreferences" ("userID" TEXT PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "enabled" BOOLEAN NOT NULL, "email" BOOLEAN NOT NULL, "text" BOOLEAN NOT NULL, "device" BOOLEAN NOT NULL, "includeFeedback" BOOLEAN NOT NULL, "remindAllAssignments" BOOLEAN NOT NULL, "defaultReminders" TEXT NOT NULL, "gradeUpdates" BOOLEAN NOT NULL, "textAddress" TEXT);
CREATE TABLE "oneTimeCode" ("hash" TEXT PRIMARY KEY NOT NULL, "purpose" TEXT NOT NULL, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "channel" TEXT NOT NULL, "address" TEXT NOT NULL, "createdAt" DOUBLE NOT NULL, "expiresAt" DOUBLE NOT NULL, "usedAt" DOUBLE);
CREATE TABLE "pluginCalendar" ("pluginID" TEXT NOT NULL, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "calendarID" TEXT REFERENCES "calendar"("id") ON DELETE SET NULL, PRIMARY KEY ("pluginID", "userID"));
CREATE TABLE "pluginSetting" ("pluginID" TEXT PRIMARY KEY NOT NULL, "enabled" BOOLEAN NOT NULL, "updatedAt" DATETIME NOT NULL);
CREATE TABLE "pluginState" ("pluginID" TEXT NOT NULL, "key" TEXT NOT NULL, "value" TEXT NOT NULL, "updatedAt" DATETIME NOT NULL, PRIMARY KEY ("pluginID", "key"));
CREATE TABLE "releaseLedger" ("recipientID" TEXT NOT NULL, "key" TEXT NOT NULL, "value" TEXT NOT NULL, "releasedAt" DOUBLE NOT NULL, PRIMARY KEY ("recipientID", "key")) WITHOUT ROWID;
CREATE TABLE "scheduledNotice" ("key" TEXT PRIMARY KEY NOT NULL, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "fireAt" DOUBLE NOT NULL, "kind" TEXT NOT NULL, "title" TEXT NOT NULL, "body" TEXT NOT NULL, "link" TEXT, "firedAt" DOUBLE);
INSERT INTO "scheduledNotice" VALUES('event:34de46dd-d75e-4a71-bf6b-85022862e51d:series:1796140800:before-15','0ad2e8f0-f88a-4145-aba9-e6698c8add7f',1796139900.0,'reminder','CS 235 lecture','CS 235 lecture starts Tuesday, December 1 at 4:00 PM.','/api/v1/events/34de46dd-d75e-4a71-bf6b-85022862e51d',NULL);
INSERT INTO "scheduledNotice" VALUES('event:34de46dd-d75e-4a71-bf6b-85022862e51d:series:1796760000:before-15','0ad2e8f0-f88a-4145-aba9-e6698c8add7f',1796759100.0,'reminder','CS 235 lecture (moved)','CS 235 lecture (moved) starts Tuesday, December 8 at 8:00 PM.','/api/v1/events/34de46dd-d75e-4a71-bf6b-85022862e51d',NULL);
INSERT INTO "scheduledNotice" VALUES('event:34de46dd-d75e-4a71-bf6b-85022862e51d:series:1796918400:before-15','0ad2e8f0-f88a-4145-aba9-e6698c8add7f',1796917500.0,'reminder','CS 235 lecture','CS 235 lecture starts Thursday, December 10 at 4:00 PM.','/api/v1/events/34de46dd-d75e-4a71-bf6b-85022862e51d',NULL);
INSERT INTO "scheduledNotice" VALUES('event:34de46dd-d75e-4a71-bf6b-85022862e51d:series:1797350400:before-15','0ad2e8f0-f88a-4145-aba9-e6698c8add7f',1797349500.0,'reminder','CS 235 lecture','CS 235 lecture starts Tuesday, December 15 at 4:00 PM.','/api/v1/events/34de46dd-d75e-4a71-bf6b-85022862e51d',NULL);
INSERT INTO "scheduledNotice" VALUES('event:34de46dd-d75e-4a71-bf6b-85022862e51d:series:1797523200:before-15','0ad2e8f0-f88a-4145-aba9-e6698c8add7f',1797522300.0,'reminder','CS 235 lecture','CS 235 lecture starts Thursday, December 17 at 4:00 PM.','/api/v1/events/34de46dd-d75e-4a71-bf6b-85022862e51d',NULL);
INSERT INTO "scheduledNotice" VALUES('event:34de46dd-d75e-4a71-bf6b-85022862e51d:series:1797955200:before-15','0ad2e8f0-f88a-4145-aba9-e6698c8add7f',1797954300.0,'reminder','CS 235 lecture','CS 235 lecture starts Tuesday, December 22 at 4:00 PM.','/api/v1/events/34de46dd-d75e-4a71-bf6b-85022862e51d',NULL);
INSERT INTO "scheduledNotice" VALUES('event:34de46dd-d75e-4a71-bf6b-85022862e51d:series:1798128000:before-15','0ad2e8f0-f88a-4145-aba9-e6698c8add7f',1798127100.0,'reminder','CS 235 lecture','CS 235 lecture starts Thursday, December 24 at 4:00 PM.','/api/v1/events/34de46dd-d75e-4a71-bf6b-85022862e51d',NULL);
CREATE TABLE "serverSecret" ("name" TEXT PRIMARY KEY NOT NULL, "value" BLOB NOT NULL);
CREATE TABLE "session" ("id" TEXT PRIMARY KEY NOT NULL, "tokenHash" TEXT NOT NULL UNIQUE, "userID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "createdAt" DATETIME NOT NULL, "lastSeenAt" DATETIME NOT NULL, "expiresAt" DATETIME NOT NULL);
INSERT INTO "session" VALUES('v5VcRFwrP9DN21jwIgXCAg','2fa116703f035fcb673c2d7807c838bb779c08f7f837c0ac98bbaef39d70718e','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','2026-11-27 20:12:44.576','2026-11-27 20:12:44.576','2026-11-28 08:12:44.576');
INSERT INTO "session" VALUES('2MC4-KTHXQDYiIjF1SMGRQ','4867b42083ad14a425832b6421d7509750e6938d1d0c3a95fbc1133acfa51940','1b2c7f90-165e-4419-9629-25cc0b19cdb0','2026-11-27 20:12:44.987','2026-11-27 20:12:44.987','2026-11-28 08:12:44.987');
CREATE TABLE "sourceBlock" ("source" TEXT PRIMARY KEY NOT NULL, "blockedUntil" DATETIME NOT NULL);
CREATE TABLE "sourceFailure" ("source" TEXT NOT NULL, "failedAt" DATETIME NOT NULL);
CREATE TABLE "studyGroup" ("id" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "description" TEXT, "ownerID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL, "version" INTEGER NOT NULL);
CREATE TABLE "task" ("id" TEXT PRIMARY KEY NOT NULL, "ownerID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "title" TEXT NOT NULL, "course" TEXT, "description" TEXT, "due" TEXT, "estimatedMinutes" INTEGER, "priority" TEXT, "status" TEXT NOT NULL, "completedAt" DATETIME, "sourceSystem" TEXT NOT NULL, "sourceID" TEXT, "pointsPossible" DOUBLE, "gradeScore" DOUBLE, "gradePercentage" DOUBLE, "gradeLetter" TEXT, "feedback" TEXT, "displayText" TEXT, "recurrenceRule" TEXT, "reminders" TEXT NOT NULL DEFAULT '', "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL, "version" INTEGER NOT NULL, "removedAt" DATETIME, "opensAt" DATETIME, "cutoffAt" DATETIME, "submissionStatus" TEXT, "courseID" TEXT);
INSERT INTO "task" VALUES('61389820-34d5-4930-8790-b5f531be61fd','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','Essay draft',NULL,NULL,'D:20261209',NULL,'high','open',NULL,'manual',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','2026-11-27 20:12:45.099','2026-11-27 20:12:45.099',1,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "task" VALUES('90da7d8b-1e2b-4fb0-84ac-9ed664a5ad18','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','Read chapter 4',NULL,NULL,'D:20261211',NULL,'low','open',NULL,'manual',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','2026-11-27 20:12:45.143','2026-11-27 20:12:45.143',1,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "task" VALUES('2de1097c-bf7f-4db8-9a7e-d91547f56542','0ad2e8f0-f88a-4145-aba9-e6698c8add7f','Lab report',NULL,NULL,NULL,NULL,'medium','completed','2026-11-27 20:12:45.199','manual',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','2026-11-27 20:12:45.176','2026-11-27 20:12:45.199',2,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE "todoEntry" ("id" TEXT PRIMARY KEY NOT NULL, "ownerID" TEXT NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "position" INTEGER NOT NULL, "taskID" TEXT REFERENCES "task"("id") ON DELETE CASCADE, "text" TEXT, "completedAt" DATETIME, "createdAt" DATETIME NOT NULL);
CREATE TABLE "user" ("id" TEXT PRIMARY KEY NOT NULL, "username" TEXT NOT NULL UNIQUE, "passwordHash" TEXT NOT NULL, "displayName" TEXT NOT NULL, "email" TEXT, "phone" TEXT, "timeZone" TEXT NOT NULL, "role" TEXT NOT NULL CHECK (role IN ('student', 'faculty', 'admin')), "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL, "version" INTEGER NOT NULL, "directoryOptOut" BOOLEAN NOT NULL DEFAULT 0);
INSERT INTO "user" VALUES('0ad2e8f0-f88a-4145-aba9-e6698c8add7f','ada','$2b$12$jZ.42oUA2losuUvlOfNp6.depPJBRLZYDqsVvZyRXKeKDFKsuFqc.','ada',NULL,NULL,'UTC','student','2026-11-27 20:12:41.768','2026-11-27 20:12:41.768',1,0);
INSERT INTO "user" VALUES('1b2c7f90-165e-4419-9629-25cc0b19cdb0','ben','$2b$12$iITqJv.twBcg42CREcWtF.Ek0uZZGsBzJZtt/NrUmID9FwmtnIwSi','ben',NULL,NULL,'UTC','student','2026-11-27 20:12:43.857','2026-11-27 20:12:43.857',1,0);
CREATE INDEX "user_on_role" ON "user"("role");
CREATE INDEX "session_on_userID" ON "session"("userID");
CREATE INDEX "loginFailure_username_failedAt" ON "loginFailure"("username", "failedAt");
CREATE INDEX "calendar_owner_name" ON "calendar"("ownerID", "name" COLLATE NOCASE, "id");
CREATE INDEX "event_calendar_seriesStart" ON "event"("calendarID", "seriesStart");
CREATE TRIGGER event_insert_bumps_calendar AFTER INSERT ON event BEGIN
  UPDATE calendar SET eventsVersion = eventsVersion + 1 WHERE id IN (NEW.calendarID);
END;
CREATE TRIGGER event_update_bumps_calendar AFTER UPDATE ON event BEGIN
  UPDATE calendar SET eventsVersion = eventsVersion + 1 WHERE id IN (OLD.calendarID, NEW.calendarID);
END;
CREATE TRIGGER event_delete_bumps_calendar AFTER DELETE ON event BEGIN
  UPDATE calendar SET eventsVersion = eventsVersion + 1 WHERE id IN (OLD.calendarID);
END;
CREATE INDEX "task_on_ownerID" ON "task"("ownerID");
CREATE UNIQUE INDEX "task_owner_source" ON "task"("ownerID", "sourceSystem", "sourceID") WHERE "sourceID" IS NOT NULL;
CREATE INDEX "todoEntry_owner_position" ON "todoEntry"("ownerID", "position");
CREATE INDEX "scheduledNotice_on_userID" ON "scheduledNotice"("userID");
CREATE INDEX "scheduledNotice_pending" ON "scheduledNotice"("fireAt") WHERE "firedAt" IS NULL;
CREATE INDEX "notice_user_unread" ON "notice"("userID", "createdAt") WHERE "readAt" IS NULL;
CREATE INDEX "noticeDelivery_on_noticeID" ON "noticeDelivery"("noticeID");
CREATE INDEX "noticeDelivery_pending" ON "noticeDelivery"("nextAttemptAt") WHERE ("sentAt" IS NULL) AND ("failedAt" IS NULL);
CREATE INDEX "maintenanceNotice_on_endsAt" ON "maintenanceNotice"("endsAt");
CREATE INDEX "studyGroup_on_ownerID" ON "studyGroup"("ownerID");
CREATE INDEX "groupMember_on_userID" ON "groupMember"("userID");
CREATE INDEX "groupInvitation_invitee" ON "groupInvitation"("inviteeID", "status");
CREATE UNIQUE INDEX "groupInvitation_open" ON "groupInvitation"("groupID", "inviteeID") WHERE "status" = 'pending';
CREATE INDEX "groupJoinRequest_group_user" ON "groupJoinRequest"("groupID", "userID");
CREATE UNIQUE INDEX "groupJoinRequest_open" ON "groupJoinRequest"("groupID", "userID") WHERE "status" = 'pending';
CREATE INDEX "groupPost_group_kind" ON "groupPost"("groupID", "kind", "sequence");
CREATE INDEX "invitation_on_organizerID" ON "invitation"("organizerID");
CREATE INDEX "invitation_on_eventID" ON "invitation"("eventID");
CREATE INDEX "invitationInvitee_on_userID" ON "invitationInvitee"("userID");
CREATE UNIQUE INDEX "calendar_group" ON "calendar"("groupID") WHERE "groupID" IS NOT NULL;
CREATE INDEX "calendarShare_on_recipientUserID" ON "calendarShare"("recipientUserID");
CREATE INDEX "calendarShare_on_recipientGroupID" ON "calendarShare"("recipientGroupID");
CREATE UNIQUE INDEX "calendarShare_user" ON "calendarShare"("calendarID", "recipientUserID") WHERE "recipientUserID" IS NOT NULL;
CREATE UNIQUE INDEX "calendarShare_group" ON "calendarShare"("calendarID", "recipientGroupID") WHERE "recipientGroupID" IS NOT NULL;
CREATE INDEX "calendarChange_on_firstAt" ON "calendarChange"("firstAt");
CREATE INDEX "enrolment_on_userID" ON "enrolment"("userID");
CREATE INDEX "consent_on_userID" ON "consent"("userID");
CREATE INDEX "consent_agreement" ON "consent"("agreementID", "agreementVersion");
CREATE INDEX "disclosure_user" ON "disclosure"("userID", "seq");
CREATE INDEX "lmsConnection_on_ownerID" ON "lmsConnection"("ownerID");
CREATE INDEX "todoEntry_taskID" ON "todoEntry"("taskID");
CREATE INDEX "accountSourceFailure_key" ON "accountSourceFailure"("account", "source", "failedAt");
CREATE INDEX "accountSourceFailure_failedAt" ON "accountSourceFailure"("failedAt");
CREATE INDEX "sourceFailure_source_failedAt" ON "sourceFailure"("source", "failedAt");
CREATE INDEX "sourceFailure_failedAt" ON "sourceFailure"("failedAt");
CREATE INDEX "oneTimeCode_user" ON "oneTimeCode"("userID", "purpose", "createdAt");
CREATE INDEX "oneTimeCode_address" ON "oneTimeCode"("address", "purpose", "createdAt");
CREATE INDEX "noticeDelivery_user_queuedAt" ON "noticeDelivery"("userID", "queuedAt");
CREATE UNIQUE INDEX "course_source" ON "course"("source");
CREATE INDEX "lmsIdentity_on_userID" ON "lmsIdentity"("userID");
CREATE INDEX "classListEntry_on_personKey" ON "classListEntry"("personKey");
CREATE INDEX task_course ON task (courseID) WHERE courseID IS NOT NULL;
CREATE INDEX event_course ON event (courseID) WHERE courseID IS NOT NULL;
CREATE TRIGGER course_delete_unlinks_items AFTER DELETE ON course BEGIN
  UPDATE task SET courseID = NULL WHERE courseID = OLD.id;
  UPDATE event SET courseID = NULL WHERE courseID = OLD.id;
END;
CREATE UNIQUE INDEX changeLog_item ON changeLog (collection, kind, itemID);
CREATE INDEX changeLog_collection_seq ON changeLog (collection, seq);
CREATE INDEX changeLog_tombstones ON changeLog (seq) WHERE deleted;
CREATE TRIGGER event_insert_logs_change AFTER INSERT ON event BEGIN
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted, hidden, shown, uid) VALUES ('event', NEW.calendarID, NEW.id, 0, NEW.classification <> 'PUBLIC', NEW.classification = 'PUBLIC', NEW.uid);
END;
CREATE TRIGGER event_update_logs_change AFTER UPDATE ON event BEGIN
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted, hidden, shown, uid) SELECT 'event', OLD.calendarID, OLD.id, 1, OLD.classification <> 'PUBLIC',
    OLD.classification = 'PUBLIC' OR coalesce((SELECT shown FROM changeLog WHERE collection = OLD.calendarID AND kind = 'event' AND itemID = OLD.id), 0), OLD.uid
    WHERE OLD.calendarID IS NOT NEW.calendarID OR OLD.id IS NOT NEW.id;
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted, hidden, shown, uid) VALUES ('event', NEW.calendarID, NEW.id, 0, NEW.classification <> 'PUBLIC',
    NEW.classification = 'PUBLIC' OR coalesce((SELECT shown FROM changeLog WHERE collection = NEW.calendarID AND kind = 'event' AND itemID = NEW.id), 0)
    OR (OLD.classification = 'PUBLIC' AND OLD.calendarID IS NEW.calendarID AND OLD.id IS NEW.id), NEW.uid);
END;
CREATE TRIGGER event_delete_logs_change AFTER DELETE ON event BEGIN
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted, hidden, shown, uid) VALUES ('event', OLD.calendarID, OLD.id, 1, OLD.classification <> 'PUBLIC',
    OLD.classification = 'PUBLIC' OR coalesce((SELECT shown FROM changeLog WHERE collection = OLD.calendarID AND kind = 'event' AND itemID = OLD.id), 0), OLD.uid);
END;
CREATE TRIGGER calendar_delete_drops_change_log AFTER DELETE ON calendar BEGIN
  DELETE FROM changeLog WHERE collection = OLD.id AND kind = 'event';
END;
CREATE TRIGGER task_insert_logs_change AFTER INSERT ON task BEGIN
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted) VALUES ('task', NEW.ownerID, NEW.id, 0);
END;
CREATE TRIGGER task_update_logs_change AFTER UPDATE ON task BEGIN
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted) SELECT 'task', OLD.ownerID, OLD.id, 1 WHERE OLD.ownerID IS NOT NEW.ownerID OR OLD.id IS NOT NEW.id;
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted) VALUES ('task', NEW.ownerID, NEW.id, 0);
END;
CREATE TRIGGER task_delete_logs_change AFTER DELETE ON task BEGIN
  INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted) VALUES ('task', OLD.ownerID, OLD.id, 1);
END;
CREATE TRIGGER user_delete_drops_change_log AFTER DELETE ON user BEGIN
  DELETE FROM changeLog WHERE collection = OLD.id AND kind = 'task';
END;
CREATE INDEX "appPassword_on_userID" ON "appPassword"("userID");
CREATE UNIQUE INDEX calendar_davName ON calendar (ownerID, davName) WHERE davName IS NOT NULL;
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('changeLog',7);
COMMIT;
