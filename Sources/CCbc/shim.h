// COIN-OR CBC's C interface; the include path comes from pkg-config `cbc`.
#include <coin/Cbc_C_Interface.h>
