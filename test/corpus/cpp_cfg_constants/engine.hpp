// The engine levels are the project's own constants; ENGINE is a numeric
// feature (with a default), compared with them directly and through a
// function-like helper macro.
#pragma once

#define ENGINE_SIMPLE 1
#define ENGINE_FAST 2
#define ENGINE_BLOCKED (ENGINE_FAST + 1)

#ifndef ENGINE
#define ENGINE ENGINE_SIMPLE
#endif

#define ENGINE_AT_LEAST(e) (ENGINE >= (e))
