/* placeholder until generated */ int cwaylandprotocols_placeholder;
