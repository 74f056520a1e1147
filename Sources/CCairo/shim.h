// Thin shim: Cairo for drawing, Pango (through pangocairo) for text.
#pragma once
#include <cairo.h>
#include <pango/pangocairo.h>
