/* Included inside the interpreter loop: the dispatch of each opcode is an
   indirect jump through a table of label addresses (a GNU C extension). */
#undef dispatch
#undef opcase
#undef next_op
#undef DISPATCH_NAME

#define dispatch(op) goto *labels[op];
#define opcase(l) L_##l:
#define next_op() dispatch(code[++pc])
#define DISPATCH_NAME "jump table"

static const void *const labels[] = {&&L_OP_INC, &&L_OP_DBL, &&L_OP_END};
