#pragma once

// AllowRule moved to core/policy (policy analysis builds on it, below the models); this name
// stays for the widgets that include it from here.
#include "policy/allowrule.h"
