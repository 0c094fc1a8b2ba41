-- wrk script: GET /valid with a different word each request, from $WORDS (one URL-encoded word a line).
-- Each of wrk's threads takes every $THREADS-th word (2, as wrk -t2) from its own start, so no two threads ask
-- the same word in one pass over the list.
local words = {}
for line in io.lines(os.getenv("WORDS")) do words[#words + 1] = line end
local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end
local n, step
request = function()
  if n == nil then
    n = first or 0
    step = tonumber(os.getenv("THREADS") or "2")
  end
  n = n + step
  return wrk.format("GET", "/valid?lexicon=sv-betapet&word=" .. words[(n % #words) + 1])
end
