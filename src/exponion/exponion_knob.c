/*
 * Exponion's knob for the tests (exponion.h), once for both precisions.
 */
#include "exponion.h"

size_t tkmi_exponion_list_max;
