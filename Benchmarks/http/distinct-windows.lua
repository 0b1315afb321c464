-- Every request asks for a window that starts one second later than the previous one, so no two
-- requests share a cache key: this measures the uncached month view (expansion + JSON encoding).
local n = 0
request = function()
  n = n + 1
  local from = string.format("2026-11-01T00:%02d:%02dZ", math.floor(n / 60) % 60, n % 60)
  local path = wrk.path:gsub("from=[^&]*", "from=" .. from)
  -- different hours too, so that keys stay distinct past 3,600 requests per thread
  path = path:gsub("to=[^&]*", "to=2026-12-01T" .. string.format("%02d", math.floor(n / 3600) % 24) .. ":00:00Z")
  return wrk.format(nil, path)
end
