#!/usr/bin/python3
"""Reads and drives an app over AT-SPI for the accessibility e2e tests, as a screen reader does.

Runs with Debian's python3-pyatspi against the accessibility bus that the session bus in
DBUS_SESSION_BUS_ADDRESS names (org.a11y.Bus.GetAddress). Prints JSON the Swift tests parse.

    atspi-query.py tree APP              the app's tree: name, role, states, description,
                                         extents (window coordinates), actions, children
    atspi-query.py action APP NAME [ROLE]  doAction(0) on the first element named NAME
    atspi-query.py select APP INDEX      Selection.selectChild(INDEX) on the page tab list
    atspi-query.py events                one JSON line per event, "ready" first, until killed
    atspi-query.py apps                  the names of the desktop's applications, as JSON

Every command waits up to 10 s for the app named APP to be a child of the desktop; it exits 2
with one line on stderr when it is not.
"""
import json
import sys
import time

import pyatspi


def states(accessible):
    names = []
    for state in accessible.getState().getStates():
        names.append(pyatspi.stateToString(state).lower().replace(" ", "-"))
    return sorted(names)


def node(accessible):
    entry = {
        "name": accessible.name,
        "role": accessible.getRoleName(),
        "description": accessible.description,
        "states": states(accessible),
        "children": [node(child) for child in accessible if child is not None],
    }
    try:
        component = accessible.queryComponent()
        extents = component.getExtents(pyatspi.WINDOW_COORDS)
        entry["extents"] = [extents.x, extents.y, extents.width, extents.height]
    except NotImplementedError:
        pass
    try:
        action = accessible.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        entry["actions"] = []
    return entry


def find_app(name, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name:
                return app
        time.sleep(0.1)
    sys.stderr.write("atspi-query: no application named %r on the desktop\n" % name)
    sys.exit(2)


def find(accessible, name, role=None):
    if accessible.name == name and (role is None or accessible.getRoleName() == role):
        return accessible
    for child in accessible:
        if child is None:
            continue
        found = find(child, name, role)
        if found is not None:
            return found
    return None


def events():
    def on_event(event):
        source = event.source
        try:
            name, role = source.name, source.getRoleName()
        except Exception:  # the element is gone
            name, role = None, None
        line = {"type": event.type, "name": name, "role": role, "detail1": event.detail1, "detail2": event.detail2}
        if isinstance(event.any_data, str):
            line["data"] = event.any_data
        elif event.any_data is not None and hasattr(event.any_data, "name"):
            try:
                line["data"] = event.any_data.name
            except Exception:
                pass
        print(json.dumps(line), flush=True)

    for kind in ["object:state-changed:focused", "object:state-changed:selected", "object:state-changed:active",
                 "object:children-changed", "object:property-change:accessible-name", "window:activate",
                 "window:deactivate"]:
        pyatspi.Registry.registerEventListener(on_event, kind)
    print("ready", flush=True)
    pyatspi.Registry.start()


def registered_events():
    """The events assistive technologies listen to, as the registry keeps them:
    [[bus name, event], ...] (an app sends only what someone listens to)."""
    import dbus
    session = dbus.SessionBus()
    address = session.get_object("org.a11y.Bus", "/org/a11y/bus").GetAddress(dbus_interface="org.a11y.Bus")
    bus = dbus.bus.BusConnection(str(address))
    registry = bus.get_object("org.a11y.atspi.Registry", "/org/a11y/atspi/registry")
    events = registry.GetRegisteredEvents(dbus_interface="org.a11y.atspi.Registry")
    return [[str(entry[0]), str(entry[1])] for entry in events]


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 64
    command = argv[1]
    if command == "events":
        events()
        return 0
    if command == "listeners":
        print(json.dumps(registered_events()))
        return 0
    if command == "apps":
        print(json.dumps([app.name for app in pyatspi.Registry.getDesktop(0) if app is not None]))
        return 0
    app = find_app(argv[2])
    if command == "tree":
        print(json.dumps(node(app)))
    elif command == "action":
        target = find(app, argv[3], argv[4] if len(argv) > 4 else None)
        if target is None:
            sys.stderr.write("atspi-query: no element named %r\n" % argv[3])
            return 3
        print(json.dumps({"done": bool(target.queryAction().doAction(0))}))
    elif command == "select":
        tabs = find_role(app, "page tab list")
        print(json.dumps({"done": bool(tabs.querySelection().selectChild(int(argv[3])))}))
    else:
        sys.stderr.write("atspi-query: unknown command %r\n" % command)
        return 64
    return 0


def find_role(accessible, role):
    if accessible.getRoleName() == role:
        return accessible
    for child in accessible:
        found = find_role(child, role) if child is not None else None
        if found is not None:
            return found
    return None


if __name__ == "__main__":
    sys.exit(main(sys.argv))
