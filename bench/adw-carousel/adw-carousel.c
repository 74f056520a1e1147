/* adw-carousel: the peer for Segue's swipe benchmark (issue 6).
 *
 * A fullscreen AdwWindow holding an AdwCarousel of three full-window pages (a coloured
 * CSS background, a title and ten rows of text, like Segue's list pages), drawn by GTK 4's
 * cairo renderer (GSK_RENDERER=cairo is forced) into wl_shm buffers.
 *
 * It speaks the same stats protocol as `segue-demo --stats FILE`, so SegueTestKit's
 * PerformanceRun drives both the same way: SIGUSR1 rewrites FILE with a JSON snapshot,
 * SIGTERM writes it once more and exits 0. The fields that matter for the comparison:
 *
 *   commits       wl_surface.commit requests on the window's surface
 *   frames_drawn  those commits that carried a new buffer (a wl_surface.attach since the
 *                 last commit): the same definition as segue-demo's frames_drawn
 *   cpu_ms        getrusage(RUSAGE_SELF) user + system, all threads (as segue-demo)
 *   launch_to_first_frame_ms, main_to_first_frame_ms
 *                 CLOCK_MONOTONIC from the launcher's spawn (SEGUE_LAUNCH_MONOTONIC_MS, as
 *                 segue-demo reads it) and from main() to just after the first commit of the
 *                 window's surface that carried a buffer: segue-demo's definition
 *   buffer_width, buffer_height, buffer_scale
 *                 the size of the wl_shm buffer last attached to the window's surface (from
 *                 its wl_shm_pool.create_buffer) and the surface's buffer scale, to check
 *                 that GTK really draws at the output's scale
 *
 * Commits are counted by interposing wl_proxy_marshal_flags (the one entry point that
 * libwayland-client 1.20+'s generated request stubs call): the executable exports its own
 * definition (-rdynamic), which GTK's calls bind to first; it counts, then forwards to the
 * public wl_proxy_marshal_array_flags. after_paints (GdkFrameClock::after-paint) is kept as a
 * cross-check.
 *
 *     cc -O2 -rdynamic adw-carousel.c $(pkg-config --cflags --libs libadwaita-1) -o adw-carousel
 *     adw-carousel --stats /tmp/stats.json
 */
#include <adwaita.h>
#include <gdk/wayland/gdkwayland.h>
#include <glib-unix.h>
#include <wayland-client.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* wl_surface and wl_shm_pool request opcodes (wayland.xml). */
enum { SURFACE_ATTACH = 1, SURFACE_FRAME = 3, SURFACE_COMMIT = 6, SURFACE_SET_BUFFER_SCALE = 8 };
enum { SHM_POOL_CREATE_BUFFER = 0 };
/* libwayland's private MAX_ARGS. */
enum { MAX_ARGS = 20 };

static struct wl_proxy *window_surface;
static unsigned long commits, frames_drawn, frame_requests, other_surface_commits, after_paints;
static gboolean attached_since_commit;
/* CLOCK_MONOTONIC ms: main() started, the launcher spawned us (0: not said), first frame. */
static double main_start, launch_time, first_frame_time;
/* Sizes of the wl_buffers GTK created, newest first in a small ring (GTK keeps few alive). */
enum { KNOWN_BUFFERS = 64 };
static struct { struct wl_proxy *buffer; int32_t width, height; } known_buffers[KNOWN_BUFFERS];
static unsigned next_known_buffer;
static int32_t attached_width, attached_height, buffer_scale = 1;
static const char *stats_path;
static GMainLoop *loop;
static GtkWidget *window;

static double monotonic_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Called after the request went to libwayland (`created`: the proxy a request made, if any). */
static void note_request(struct wl_proxy *proxy, const char *class, uint32_t opcode,
                         const union wl_argument *args, struct wl_proxy *created) {
    if (opcode == SHM_POOL_CREATE_BUFFER && created && strcmp(class, "wl_shm_pool") == 0) {
        /* create_buffer(id, offset, width, height, stride, format) */
        known_buffers[next_known_buffer % KNOWN_BUFFERS].buffer = created;
        known_buffers[next_known_buffer % KNOWN_BUFFERS].width = args[2].i;
        known_buffers[next_known_buffer % KNOWN_BUFFERS].height = args[3].i;
        next_known_buffer++;
        return;
    }
    if (strcmp(class, "wl_surface") != 0) return;
    if (proxy != window_surface) {
        if (opcode == SURFACE_COMMIT) other_surface_commits++;
        return;
    }
    switch (opcode) {
    case SURFACE_ATTACH:
        attached_since_commit = TRUE;
        for (unsigned i = 0; i < KNOWN_BUFFERS; i++)
            if (args[0].o && known_buffers[i].buffer == (struct wl_proxy *)args[0].o) {
                attached_width = known_buffers[i].width;
                attached_height = known_buffers[i].height;
            }
        break;
    case SURFACE_SET_BUFFER_SCALE: buffer_scale = args[0].i; break;
    case SURFACE_FRAME: frame_requests++; break;
    case SURFACE_COMMIT:
        commits++;
        if (attached_since_commit) {
            frames_drawn++;
            if (first_frame_time == 0) first_frame_time = monotonic_ms();
        }
        attached_since_commit = FALSE;
        break;
    }
}

/* The interposer: the same argument decoding as libwayland's wl_argument_from_va_list. */
struct wl_proxy *wl_proxy_marshal_flags(struct wl_proxy *proxy, uint32_t opcode,
                                        const struct wl_interface *interface, uint32_t version,
                                        uint32_t flags, ...) {
    const struct wl_interface *own = *(const struct wl_interface **)proxy; /* wl_object.interface */
    const char *signature = own->methods[opcode].signature;
    union wl_argument args[MAX_ARGS];
    int count = 0;
    va_list ap;
    va_start(ap, flags);
    for (const char *c = signature; *c && count < MAX_ARGS; c++) {
        switch (*c) {
        case 'i': args[count++].i = va_arg(ap, int32_t); break;
        case 'u': args[count++].u = va_arg(ap, uint32_t); break;
        case 'f': args[count++].f = va_arg(ap, wl_fixed_t); break;
        case 's': args[count++].s = va_arg(ap, const char *); break;
        case 'o': args[count++].o = va_arg(ap, struct wl_object *); break;
        case 'n': args[count++].o = va_arg(ap, struct wl_object *); break;
        case 'a': args[count++].a = va_arg(ap, struct wl_array *); break;
        case 'h': args[count++].h = va_arg(ap, int32_t); break;
        default: break; /* '?' and the since-version digits */
        }
    }
    va_end(ap);
    /* The class is read first: a destructor request (WL_MARSHAL_FLAG_DESTROY) frees the proxy. It is
     * noted after the call, as segue-demo times its first frame after wl_surface_commit returns. */
    const char *class = wl_proxy_get_class(proxy);
    struct wl_proxy *created = wl_proxy_marshal_array_flags(proxy, opcode, interface, version, flags, args);
    note_request(proxy, class, opcode, args, created);
    return created;
}

static long proc_status(const char *key) {
    FILE *file = fopen("/proc/self/status", "r");
    if (!file) return 0;
    char line[256];
    long value = 0;
    size_t length = strlen(key);
    while (fgets(line, sizeof line, file))
        if (strncmp(line, key, length) == 0) value = strtol(line + length, NULL, 10);
    fclose(file);
    return value;
}

static void write_stats(void) {
    if (!stats_path) return;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0
        + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
    const char *renderer = "none";
    if (window && gtk_widget_get_realized(window))
        renderer = G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(window)));
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp", stats_path);
    FILE *file = fopen(temporary, "w");
    if (!file) return;
    char first_frame[160] = "";
    if (first_frame_time != 0) {
        int length = snprintf(first_frame, sizeof first_frame, "\"main_to_first_frame_ms\":%.3f,",
                              first_frame_time - main_start);
        if (launch_time != 0)
            snprintf(first_frame + length, sizeof first_frame - length, "\"launch_to_first_frame_ms\":%.3f,",
                     first_frame_time - launch_time);
    }
    fprintf(file,
            "{%s\"buffer_width\":%d,\"buffer_height\":%d,\"buffer_scale\":%d,\"time_ms\":%.3f,\"commits\":%lu,\"frames_drawn\":%lu,\"frame_requests\":%lu,"
            "\"after_paints\":%lu,\"other_surface_commits\":%lu,\"cpu_ms\":%.3f,"
            "\"voluntary_ctxt_switches\":%ld,\"rss_kb\":%ld,\"renderer\":\"%s\","
            "\"libadwaita\":\"%u.%u.%u\",\"gtk\":\"%u.%u.%u\"}\n",
            first_frame, attached_width, attached_height, buffer_scale, monotonic_ms(), commits, frames_drawn, frame_requests, after_paints,
            other_surface_commits, cpu, proc_status("voluntary_ctxt_switches:"),
            proc_status("VmRSS:"), renderer, adw_get_major_version(), adw_get_minor_version(),
            adw_get_micro_version(), gtk_get_major_version(), gtk_get_minor_version(),
            gtk_get_micro_version());
    fclose(file);
    rename(temporary, stats_path);
}

static gboolean on_snapshot(gpointer data) {
    (void)data;
    write_stats();
    return G_SOURCE_CONTINUE;
}

static gboolean on_terminate(gpointer data) {
    (void)data;
    write_stats();
    g_main_loop_quit(loop);
    return G_SOURCE_CONTINUE;
}

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock, (void)data;
    after_paints++;
}

static void on_realize(GtkWidget *widget, gpointer data) {
    (void)data;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(widget));
    window_surface = (struct wl_proxy *)gdk_wayland_surface_get_wl_surface(surface);
    g_signal_connect(gdk_surface_get_frame_clock(surface), "after-paint", G_CALLBACK(on_after_paint), NULL);
}

static const char *css =
    ".page { padding: 48px 64px; }\n"
    ".page-0 { background-color: #e8743b; }\n"
    ".page-1 { background-color: #3b7fe8; }\n"
    ".page-2 { background-color: #3ba55c; }\n"
    ".page label { color: white; }\n"
    ".page .title { font-size: 34px; font-weight: bold; margin-bottom: 24px; }\n"
    ".page .row { font-size: 17px; padding: 12px 0; border-bottom: 1px solid rgba(255,255,255,0.35); }\n";

static GtkWidget *page(int index) {
    static const char *titles[] = {"Navigation", "Modal", "Gallery"};
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_hexpand(box, TRUE);
    gtk_widget_set_vexpand(box, TRUE);
    gtk_widget_add_css_class(box, "page");
    char name[16];
    snprintf(name, sizeof name, "page-%d", index);
    gtk_widget_add_css_class(box, name);
    GtkWidget *title = gtk_label_new(titles[index]);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_add_css_class(title, "title");
    gtk_box_append(GTK_BOX(box), title);
    for (int row = 1; row <= 10; row++) {
        char text[64];
        snprintf(text, sizeof text, "%s row %d", titles[index], row);
        GtkWidget *label = gtk_label_new(text);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_widget_add_css_class(label, "row");
        gtk_box_append(GTK_BOX(box), label);
    }
    return box;
}

/* F11, as in segue-demo: the mutter benchmark opens both windowed, then makes both fullscreen. */
static gboolean toggle_fullscreen(GtkWidget *widget, GVariant *args, gpointer data) {
    (void)args, (void)data;
    if (gtk_window_is_fullscreen(GTK_WINDOW(widget))) gtk_window_unfullscreen(GTK_WINDOW(widget));
    else gtk_window_fullscreen(GTK_WINDOW(widget));
    return TRUE;
}

/* Fullscreen shows the carousel alone, as segue-demo drops its title bar. */
static void on_fullscreened(GObject *object, GParamSpec *pspec, gpointer header) {
    (void)pspec;
    gtk_widget_set_visible(GTK_WIDGET(header), !gtk_window_is_fullscreen(GTK_WINDOW(object)));
}

int main(int argc, char **argv) {
    main_start = monotonic_ms();
    const char *launch = getenv("SEGUE_LAUNCH_MONOTONIC_MS");
    if (launch) launch_time = strtod(launch, NULL);
    /* --windowed: a floating 1024×700 window under an AdwHeaderBar titled "Segue", as
     * segue-demo opens on a desktop: the README shows the two side by side. */
    gboolean windowed = FALSE;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--stats") == 0 && i + 1 < argc) stats_path = argv[i + 1];
        if (strcmp(argv[i], "--windowed") == 0) windowed = TRUE;
    }
    g_setenv("GSK_RENDERER", "cairo", TRUE);
    g_setenv("GDK_BACKEND", "wayland", TRUE);
    g_setenv("GTK_A11Y", "none", FALSE);
    g_setenv("NO_AT_BRIDGE", "1", FALSE);
    g_setenv("GSETTINGS_BACKEND", "memory", FALSE);

    gtk_init();
    adw_init();
    if (!GDK_IS_WAYLAND_DISPLAY(gdk_display_get_default())) {
        fprintf(stderr, "adw-carousel: not a Wayland display\n");
        return 1;
    }

    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

    GtkWidget *carousel = adw_carousel_new();
    adw_carousel_set_allow_mouse_drag(ADW_CAROUSEL(carousel), TRUE);
    adw_carousel_set_interactive(ADW_CAROUSEL(carousel), TRUE);
    for (int i = 0; i < 3; i++) adw_carousel_append(ADW_CAROUSEL(carousel), page(i));

    window = adw_window_new();
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), NULL);
    if (windowed) {
        GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
        GtkWidget *header = adw_header_bar_new();
        adw_header_bar_set_title_widget(ADW_HEADER_BAR(header), adw_window_title_new("Segue", NULL));
        gtk_box_append(GTK_BOX(box), header);
        g_signal_connect(window, "notify::fullscreened", G_CALLBACK(on_fullscreened), header);
        gtk_widget_set_vexpand(carousel, TRUE);
        gtk_box_append(GTK_BOX(box), carousel);
        gtk_window_set_default_size(GTK_WINDOW(window), 1024, 700);
        adw_window_set_content(ADW_WINDOW(window), box);
    } else {
        gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
        adw_window_set_content(ADW_WINDOW(window), carousel);
        gtk_window_fullscreen(GTK_WINDOW(window));
    }

    GtkEventController *shortcuts = gtk_shortcut_controller_new();
    gtk_shortcut_controller_set_scope(GTK_SHORTCUT_CONTROLLER(shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(shortcuts),
                                         gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_F11, 0),
                                                          gtk_callback_action_new(toggle_fullscreen, NULL, NULL)));
    gtk_widget_add_controller(window, shortcuts);

    loop = g_main_loop_new(NULL, FALSE);
    g_unix_signal_add(SIGUSR1, on_snapshot, NULL);
    g_unix_signal_add(SIGTERM, on_terminate, NULL);
    g_unix_signal_add(SIGINT, on_terminate, NULL);
    gtk_window_present(GTK_WINDOW(window));
    g_main_loop_run(loop);
    return 0;
}
