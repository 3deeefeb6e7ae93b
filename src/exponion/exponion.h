/*
 * Exponion's knob for the tests (precision independent).
 */
#ifndef TKM_EXPONION_H
#define TKM_EXPONION_H

#include <stddef.h>

/* The most items each centroid's list keeps, in place of the rule of
 * exponion.c (0, the default: that rule).  The tests set it small so that
 * balls reach past the lists and take the full scan; set it only while
 * no fit runs. */
extern size_t tkmi_exponion_list_max;

#endif /* TKM_EXPONION_H */
