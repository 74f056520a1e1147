/*
 * line-protocol.h — what the line-driven input drivers (segue-inject, segue-vpointer,
 * segue-kwin-input) share: one reply line per command, and the parsers of their arguments.
 * Everything here is static inline, so any file of a driver may include it.
 */
#pragma once

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Answers the current command: exactly one line, flushed ("ok" or "error: ..."). */
static inline void
reply(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

/* A decimal or 0x-prefixed unsigned 32-bit number; no sign. */
static inline bool
parse_u32(const char *s, uint32_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || s[0] == '-')
		return false;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end != '\0' || v > UINT32_MAX)
		return false;
	*out = (uint32_t)v;
	return true;
}

static inline bool
parse_double(const char *s, double *out)
{
	char *end;

	if (!s)
		return false;
	errno = 0;
	*out = strtod(s, &end);
	return errno == 0 && end != s && *end == '\0' &&
	       *out > -8388608.0 && *out < 8388608.0; /* wl_fixed range */
}

/* evdev button codes (linux/input-event-codes.h), by the names the commands take. */
#define BTN_LEFT 0x110
#define BTN_RIGHT 0x111
#define BTN_MIDDLE 0x112

/* A button word: left, right, middle, or an evdev code in decimal. */
static inline bool
parse_button(const char *s, uint32_t *code)
{
	if (!s)
		return false;
	if (!strcmp(s, "left"))
		*code = BTN_LEFT;
	else if (!strcmp(s, "right"))
		*code = BTN_RIGHT;
	else if (!strcmp(s, "middle"))
		*code = BTN_MIDDLE;
	else
		return parse_u32(s, code);
	return true;
}

/* down/press/pressed/1 → 1, up/release/released/0 → 0, anything else → -1. */
static inline int
parse_updown(const char *s)
{
	if (!s)
		return -1;
	if (!strcmp(s, "down") || !strcmp(s, "press") ||
	    !strcmp(s, "pressed") || !strcmp(s, "1"))
		return 1;
	if (!strcmp(s, "up") || !strcmp(s, "release") ||
	    !strcmp(s, "released") || !strcmp(s, "0"))
		return 0;
	return -1;
}
