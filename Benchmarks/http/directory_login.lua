-- wrk script: repeated successful logins of one user, named after "--" on wrk's command line:
--   wrk ... -s Benchmarks/http/directory_login.lua URL -- USERNAME PASSWORD
-- (the password is put in JSON as is: no quotes or backslashes). Used by directory-login.sh for a
-- directory user and a local one alike; done() says how many answers were not 200, since a refused
-- login (401, 423, 503) is far cheaper than a real one and would flatter the figures.
local username, password

function init(args)
    username = args[1] or "bench"
    password = args[2] or "Bench1234"
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
    wrk.body = string.format('{"username":"%s","password":"%s"}', username, password)
end

function done(summary, latency, requests)
    local refused = summary.errors.status
    io.write(string.format("logins answered: %d, of them 4xx/5xx: %d%s\n", summary.requests, refused,
        refused > 0 and "  <-- NOT ALL LOGINS SUCCEEDED" or ""))
end
