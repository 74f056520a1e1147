// Thin shim: xkbcommon turns the compositor's keymap and key codes into keysyms and text.
#pragma once
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-keysyms.h>
