-- wrk script: a different request each time, never the same one twice until the list is used up.
-- With $WORDS (one URL-encoded word a line): GET /valid?word=…; with $BODIES (one JSON body a
-- line): POST /valid. Each of wrk's threads takes every THREADS-th item from its own offset
-- ($THREADS: wrk's -t, 2 by default).
local file = os.getenv("BODIES") or os.getenv("WORDS")
local post = os.getenv("BODIES") ~= nil
local items = {}
for line in io.lines(file) do items[#items + 1] = line end
local threads = tonumber(os.getenv("THREADS") or "2")
local headers = { ["Content-Type"] = "application/json" }
local counter = 0
setup = function(thread)
  thread:set("offset", counter)
  counter = counter + 1
end
local n
request = function()
  n = (n or offset) + threads
  local item = items[(n % #items) + 1]
  if post then return wrk.format("POST", "/valid", headers, item) end
  return wrk.format("GET", "/valid?word=" .. item)
end
