/* Included inside the interpreter: one label address per opcode. */
#define OP(name, effect) &&L_##name,
#include "opcodes.def"
#undef OP
