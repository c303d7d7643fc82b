-- The twin benchmark's request mix for wrk (scripts/twin-benchmark.sh): reads and writes on the seeded
-- customers 00000000-0000-4000-8000-000000000001 .. TWIN_CUSTOMERS (default 1000), picked at random.
--   45% first page of a customer's orders (a Slice of 20)   20% the customer (findById)
--    5% the orders of the last hour (derived query)         20% place an order (the template's insert)
--    5% place three orders in one batch                      5% change the email (@Version: a conditional
--                                                               write; a lost race answers 409)
-- done() prints one line the script parses: requests, duration, p50/p99 (us), non-2xx and socket errors.
local customers = tonumber(os.getenv("TWIN_CUSTOMERS") or "1000")
local order = '{"items":["sku-1","sku-2"],"total":42.50}'
local batch = "[" .. order .. "," .. order .. "," .. order .. "]"
local json = { ["Content-Type"] = "application/json" }
local threads = 0
local edits = 0

function setup(thread)
  threads = threads + 1
  thread:set("seed", threads)
end

function init(args)
  math.randomseed(os.time() + 7919 * (seed or 0))
end

local function customer()
  return string.format("/customers/00000000-0000-4000-8000-%012d", math.random(customers))
end

function request()
  local r = math.random(100)
  local path = customer()
  if r <= 45 then
    return wrk.format("GET", path .. "/orders?size=20")
  elseif r <= 65 then
    return wrk.format("GET", path)
  elseif r <= 70 then
    return wrk.format("GET", path .. "/orders/recent?minutes=60")
  elseif r <= 90 then
    return wrk.format("POST", path .. "/orders", json, order)
  elseif r <= 95 then
    return wrk.format("POST", path .. "/orders/batch", json, batch)
  end
  edits = edits + 1
  return wrk.format("PUT", path .. "?email=edit" .. edits .. "@example.com")
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("TWIN requests=%d duration_us=%d p50_us=%d p99_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
