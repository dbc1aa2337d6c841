-- Workload of the real-programs suite for Lua 5.4 (about 1 s native on an
-- idle machine): table-heavy code, string building (short and long strings:
-- LUAI_MAXSHORTLEN), closures and deep calls (HARDSTACKTESTS), then probes
-- whose output depends on the compile-time options under test (the workload
-- itself converts explicitly, so that it runs in every configuration).
-- arg[1]: rounds (default 2); below 1, one round with every size scaled by
-- it (realworld.quick runs 0.25: it checks equivalence, not time).
local N = tonumber(arg and arg[1]) or 2
local rounds, scale = N, 1
if N < 1 then rounds, scale = 1, N end
local function sized(n) return math.max(1, math.floor(n * scale)) end

-- 1. tables and integer arithmetic: a sieve
local function sieve(n)
  local composite, count = {}, 0
  for i = 2, n do
    if not composite[i] then
      count = count + 1
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return count
end

-- 2. strings: keys of several lengths interned in a table
local function strings(n)
  local t, total = {}, 0
  for i = 1, n do
    local k = "key" .. tostring(i % 997) .. string.rep("x", i % 60)
    t[k] = (t[k] or 0) + 1
  end
  for k, v in pairs(t) do total = total + #k * v end
  return total
end

-- 3. recursion and closures
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
local function closures(n)
  local acc = 0
  for i = 1, n do
    local f = function(x) return x + i end
    acc = acc + f(i) % 7
  end
  return acc
end

-- 4. sorting with a comparator (calls into Lua from C)
local function sorting(n)
  local a, seed = {}, 42
  for i = 1, n do seed = (seed * 1103515245 + 12345) % 2147483648; a[i] = seed end
  table.sort(a, function(x, y) return x > y end)
  return a[1] % 1000
end

for _ = 1, rounds do
  print("sieve", sieve(sized(600000)))
  print("strings", strings(sized(250000)))
  print("fib", fib(25))
  print("closures", closures(sized(400000)))
  print("sort", sorting(sized(120000)))
end

-- Probes: each prints what the option under test changes.
local function probe(name, f)
  local ok, v = pcall(f)
  print(name, ok and tostring(v) or ("error: " .. tostring(v):gsub("^.-:%d+: ", "")))
end
probe("n2s concat", function() return 10 .. "" end)           -- LUA_NOCVTN2S
probe("s2n arith", function() return "10" + 1 end)            -- LUA_NOCVTS2N
probe("s2n string lib", function() return ("7"):rep(2) + 0 end) -- LUA_NOCVTS2N
probe("math.pow", function() return math.pow and math.pow(2, 10) end) -- LUA_COMPAT_5_3
probe("__le from __lt", function()                            -- LUA_COMPAT_5_3
  local mt = {__lt = function(a, b) return a.v < b.v end}
  return setmetatable({v = 1}, mt) <= setmetatable({v = 2}, mt)
end)
probe("short string", function()                              -- LUAI_MAXSHORTLEN
  -- interned or not, equal strings compare equal: the output must not change
  return string.rep("s", 30) == ("s"):rep(30)
end)
