// CYAML: exposes libyaml's C API (yaml.h, from Debian's libyaml-dev) to Swift.
#include <yaml.h>
