-- wrk script: GET /valid with a different word each request, from $WORDS (one URL-encoded word a line).
local words = {}
for line in io.lines(os.getenv("WORDS")) do words[#words + 1] = line end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/valid?lexicon=sv-betapet&word=" .. words[(n % #words) + 1])
end
