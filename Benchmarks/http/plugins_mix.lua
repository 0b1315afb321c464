-- wrk script: a student's mix with plugins in play (issue #9). In turn: the month's day labels
-- (us-holidays answers), a task read, a task created, and a task completed (an event hook for
-- task-rewards, run after the answer). Counts answers that are not 2xx; prints them at the end.
-- With COMPLETE = "0" the fourth request renames the task instead (no hook for task-rewards).
--   wrk ... -s Benchmarks/http/plugins_mix.lua URL -- TOKEN TASK_ID [COMPLETE]
local token, task, complete
local step = 0
local created = {}
local failures = 0
local threads = {}

function setup(thread) table.insert(threads, thread) end

function init(args)
    token = args[1]
    task = args[2]
    complete = args[3] ~= "0"
end

function request()
    step = step + 1
    local headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
    local kind = step % 4
    if kind == 1 then
        return wrk.format("GET", "/api/v1/day-labels?from=2026-07-01&to=2026-07-31", headers)
    elseif kind == 2 then
        return wrk.format("GET", "/api/v1/tasks/" .. task, headers)
    elseif kind == 3 or #created == 0 then
        return wrk.format("POST", "/api/v1/tasks", headers,
            '{"title":"Problem set","priority":"high","due":{"dateTime":"2027-06-01T12:00:00Z"}}')
    else
        local change = complete and '{"status":"completed"}' or '{"title":"Problem set (renamed)"}'
        return wrk.format("PATCH", "/api/v1/tasks/" .. table.remove(created), headers, change)
    end
end

function response(status, headers, body)
    if status >= 300 then failures = failures + 1 end
    if status == 201 then
        local id = body:match('"id"%s*:%s*"([^"]+)"')
        if id then table.insert(created, id) end
    end
end

function done(summary, latency, requests)
    local total = 0
    for _, thread in ipairs(threads) do total = total + (thread:get("failures") or 0) end
    io.write(string.format("answers other than 2xx: %d\n", total))
end
