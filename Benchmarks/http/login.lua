-- wrk script: repeated successful logins of the benchmark user (bcrypt-bound; each creates a session).
wrk.method = "POST"
wrk.body = '{"username":"bench","password":"Bench1234"}'
wrk.headers["Content-Type"] = "application/json"
