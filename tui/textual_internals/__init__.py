"""Every use hakem makes of Textual's private modules and attributes, in this one package.

Textual keeps no promise about a name with a leading underscore: a new version may move,
rename or drop it without a word.  So nothing else in ``tui`` touches one
(``tests/test_textual_internals.py`` scans the package and refuses it), each use here is
named below with why hakem needs it, and the same test file fails when one of them is gone or
has another signature.  All were checked against Textual **8.2.8**, the version pinned in
``pyproject.toml`` (:data:`CHECKED_WITH`; the tests compare it with the one installed, so a
new pin means reading this list again).

The submodules are split by the Textual part they open, so that importing one (the driver, at
start-up) does not import the others (the DataTable, once a pane is made).

:mod:`.terminal` (for :mod:`tui.driver`)
    ``textual._xterm_parser.XTermParser`` and its ``_sequence_to_key_events``: hakem's parser
    reads Escape then a printable key as two keys, not as Alt+key; ``textual._parser.ParseError``:
    the parser's end of input; ``textual._ansi_sequences.ANSI_SEQUENCES_KEYS``: which Escape
    sequences name a key; ``textual._time.get_time``: Textual's clock, which stamps events;
    ``LinuxDriver._debug``, ``._file`` and ``._get_terminal_size``: the input thread is hakem's
    own (a read's keys carry the time of the read) and the size is the terminal's, never
    ``COLUMNS``/``LINES``.
:mod:`.app` (for :mod:`tui.keys`)
    ``App._display`` (a question's first frame stamps when it was shown), ``App._batch_count``
    (a frame written inside ``batch_update`` is not whole), ``MessagePump._message_queue``,
    ``._pending_message``, ``._next_callbacks`` (whether keys read ahead still wait, and
    whether a key's work is over), ``textual._time.get_time``.
:mod:`.keys` (for :mod:`tui.keys` and :mod:`tui.widgets.pane`)
    ``textual.keys._character_to_key``: the key name of a typed character (``+`` → ``plus``),
    to tell a key typed ahead from a binding and a single-key command from text.
:mod:`.render` (for :mod:`tui.safe_render`)
    ``Strip._segments``, ``._cell_length``, ``._render_cache``: the text of every segment loses
    terminal control characters on its way out, and the cleaned line is Textual's cached one.
:mod:`.widgets` (for hakem's widgets and screens)
    ``textual.widgets._select.SelectOverlay`` and ``._merged_bindings``/``_merge_bindings``: the
    drop-down's list (placed inside a dialog; its Escape key's label translated);
    ``textual.widgets._tabbed_content.ContentTab``/``ContentTabs`` and
    ``TabbedContent._is_associated_tabs``: the tournament screen keeps its chosen tab while the
    strip is rebuilt; ``textual.widgets._footer.FooterKey`` and ``Footer._bindings_ready``: the
    footer lays out only the keys that fit, and only when they changed;
    ``textual.widgets._toast.ToastRack``: a dialog's toasts end above its buttons;
    ``CommandPalette._start_no_matches_countdown`` (with ``_stop_no_matches_countdown``,
    ``_list_visible``, ``_no_matches_timer``, ``_NO_MATCHES``, ``_NO_MATCHES_COUNTDOWN``): the
    palette's "no matches" line in the user's language.
:mod:`.data_table` (for :class:`tui.widgets.fast_table.FastTable`)
    DataTable's ``_data``, ``_row_locations``, ``_column_locations``, ``_y_offsets``, its render
    caches (``_cell_render_cache``, ``_row_render_cache``, ``_row_renderable_cache``,
    ``_line_cache``), ``_update_count``, ``_require_update_dimensions``, ``_clear_caches``,
    ``_refresh_region``, ``_get_row_renderables``, ``_get_styles_to_render_cell``,
    ``_show_hover_cursor``, ``_pseudo_class_state``, ``_new_rows``, ``_highlight_cursor``, and
    the overridden ``_update_dimensions``, ``_scroll_cursor_into_view``, ``_get_row_style``,
    ``_render_cell``: a cell update repaints only its row, plain cells are measured and drawn
    without Rich's layout (60–120 ms a frame at 150 boards otherwise; notes/tui.md), and rows
    added at once wait as plain values until drawn or read (``_data`` is a
    :class:`~tui.textual_internals.data_table.WaitingCells`: the 970 rows of a 1,000-row table
    off the screen cost ~100 ms of a pane's first show when made at once).

Not counted as internals: a widget's ``_on_<message>`` handler (Textual's handler naming,
called beside the class's ``on_`` one) and its ``super()._on_<message>`` call.
"""

CHECKED_WITH = "8.2.8"
"""The Textual version every use above was read against."""
