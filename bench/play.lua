-- wrk script: POST $ROUTE (/play unless given) with a different body each request, from $PLAYS (one JSON
-- body a line): a play to judge, or a record to replay (ROUTE=/replay).
-- Each wrk thread starts at its own offset, so the two threads do not send the same play together.
-- ENCODING, when set, is sent as Accept-Encoding, as browsers and HTTP libraries send it.
local route = os.getenv("ROUTE") or "/play"
local headers = {["Content-Type"] = "application/json"}
if os.getenv("ENCODING") then headers["Accept-Encoding"] = os.getenv("ENCODING") end
local bodies = {}
for line in io.lines(os.getenv("PLAYS")) do bodies[#bodies + 1] = line end
local threads = 0
function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end
local n = 0
function init(args)
  n = (offset or 0) * math.floor(#bodies / 2)
end
request = function()
  n = n + 1
  return wrk.format("POST", route, headers, bodies[(n % #bodies) + 1])
end
