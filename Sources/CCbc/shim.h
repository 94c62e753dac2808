// COIN-OR CBC's C interface. juice does not link CBC: it loads the library
// when it first solves a mix (dlopen), so that every other command starts
// without mapping CBC's fifteen libraries (4 to 5 ms a process). Each
// function is typed by the header's own declaration.
#include <coin/Cbc_C_Interface.h>
#include <dlfcn.h>

/// The functions of CBC's C interface that JuiceMix calls.
typedef struct {
    __typeof__(&Cbc_newModel) _Nonnull newModel;
    __typeof__(&Cbc_deleteModel) _Nonnull deleteModel;
    __typeof__(&Cbc_setLogLevel) _Nonnull setLogLevel;
    __typeof__(&Cbc_loadProblem) _Nonnull loadProblem;
    __typeof__(&Cbc_setInteger) _Nonnull setInteger;
    __typeof__(&Cbc_setObjSense) _Nonnull setObjSense;
    __typeof__(&Cbc_setMaximumSeconds) _Nonnull setMaximumSeconds;
    __typeof__(&Cbc_setParameter) _Nonnull setParameter;
    __typeof__(&Cbc_setAllowableGap) _Nonnull setAllowableGap;
    __typeof__(&Cbc_setAllowableFractionGap) _Nonnull setAllowableFractionGap;
    __typeof__(&Cbc_setMIPStartI) _Nonnull setMIPStartI;
    __typeof__(&Cbc_solve) _Nonnull solve;
    __typeof__(&Cbc_bestSolution) _Nonnull bestSolution;
    __typeof__(&Cbc_getColSolution) _Nonnull getColSolution;
    __typeof__(&Cbc_isProvenOptimal) _Nonnull isProvenOptimal;
    __typeof__(&Cbc_getBestPossibleObjValue) _Nonnull getBestPossibleObjValue;
} JuiceCBCFunctions;

/// Loads CBC from `library` (a file name the dynamic loader searches for,
/// or a path) into `functions`. Returns 0 when every function was found;
/// otherwise `dlerror()` says why.
static inline int juice_cbc_load(const char *_Nonnull library, JuiceCBCFunctions *_Nonnull functions) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return -1;
#define JUICE_CBC_FIND(field, symbol) \
    if (!(functions->field = (__typeof__(functions->field))dlsym(handle, #symbol))) return -1;
    JUICE_CBC_FIND(newModel, Cbc_newModel)
    JUICE_CBC_FIND(deleteModel, Cbc_deleteModel)
    JUICE_CBC_FIND(setLogLevel, Cbc_setLogLevel)
    JUICE_CBC_FIND(loadProblem, Cbc_loadProblem)
    JUICE_CBC_FIND(setInteger, Cbc_setInteger)
    JUICE_CBC_FIND(setObjSense, Cbc_setObjSense)
    JUICE_CBC_FIND(setMaximumSeconds, Cbc_setMaximumSeconds)
    JUICE_CBC_FIND(setParameter, Cbc_setParameter)
    JUICE_CBC_FIND(setAllowableGap, Cbc_setAllowableGap)
    JUICE_CBC_FIND(setAllowableFractionGap, Cbc_setAllowableFractionGap)
    JUICE_CBC_FIND(setMIPStartI, Cbc_setMIPStartI)
    JUICE_CBC_FIND(solve, Cbc_solve)
    JUICE_CBC_FIND(bestSolution, Cbc_bestSolution)
    JUICE_CBC_FIND(getColSolution, Cbc_getColSolution)
    JUICE_CBC_FIND(isProvenOptimal, Cbc_isProvenOptimal)
    JUICE_CBC_FIND(getBestPossibleObjValue, Cbc_getBestPossibleObjValue)
#undef JUICE_CBC_FIND
    return 0;
}
