// SegueKit: what an app imports. One import gives the views, controllers and transitions
// (Segue), geometry, colours, springs and curves (Motion), fonts and drawing (Canvas), and a
// way to run on the Linux desktop (SegueApplication, on Wayland). The layering underneath
// stays: Segue never imports Wayland; SegueWayland is the only module that speaks wl_*.
@_exported import Canvas
@_exported import Geometry
@_exported import Motion
@_exported import Segue
