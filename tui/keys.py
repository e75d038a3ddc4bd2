"""Provides :class:`SerialKeys`: keys are handled one after another, in the order they arrived.

Why: Textual hands a key to the widget focused *when the app reads it* and goes on reading.
Keys that arrive in one batch (a paste, keystrokes bunched by a laggy SSH link, a fast typist)
are all read before the first one has been handled, so ``Tab`` and the text after it land in
the same field, and letters typed after a key that opens a dialog or switches a tab go to the
old widget (``a`` then ``Fast, Typist⇥1999`` registered the name ``Fast, Typist1999``).

How: the app keeps arriving keys in a queue and hands the next one over only when the previous
one has been handled completely.  "Handled" is known without guessing at timings: after a key
is forwarded to the focused widget, a :class:`KeySettled` message is posted to the same widget.
Message queues are first-in first-out and a key bubbles up the same chain of widgets as the
marker, so when the marker reaches the app every widget has finished with the key — including
the action of a binding, which the app awaits; one more turn of the app's queue runs what the
key asked for later (Textual moves the focus that way).  If the key opened a screen (a dialog, the
tournament), the next marker goes through the new screen, so its fields exist and have the
focus before the next key is delivered.  A pasted text with Tab or Enter in it is replayed as
keys through the same queue: a pasted player line fills the fields it names.

The marker alone is not enough (issue 29): what a key *causes* may be posted after the marker —
Enter in a field makes the field post ``Input.Submitted``, which travels up to the form only
after the marker has passed, and the form then saves, clears the fields and moves the focus.
Two players typed in one burst put the next name's first letter into the title field (``FMA``),
a result line typed behind ``1 1-0⏎`` was cleared by the first line's handler.  So a key is
settled only when the screen is *quiet*: after the marker, every message pump of the screens
(the app, each screen, each widget) has an empty queue and no callback waiting.  What the key
caused — a submitted form, a closing dialog, a pane being mounted, a toast, a focus move — is
all made of messages, so the next key meets the state a slower typist would have met.  A pump
that stays busy (a progress bar fed by a pairing worker) cannot hold the keys for longer than
the safety timer.

A question is never answered by type-ahead (issue 29, second pass): a dialog that asks (a
confirmation, a choice — :class:`HoldsTypeAhead`) is answered only by keys typed after it was
drawn.  Keys typed before (their time stamp is older than the dialog's first frame) are held
while it is open and replayed, in order and in front of anything typed later, once it has
closed — to the form or entry line they were typed into.  So the ``r``/``k`` of the next name
or the Enter of the next result line no longer renumber players or correct a result.  A key's
time is when its bytes were read from the terminal (:mod:`tui.driver`), not when it was parsed.

Work the organiser waits for holds the keys the same way (:class:`BusyHold`, session 6): while
a pairing runs, what is typed is for the round it makes — result lines typed behind ``p`` went
to the round just finished — so every key waits (Escape, which cancels, and Ctrl+Q excepted)
and goes on once the new round is shown, or the pairing failed or was cancelled.  One
mechanism, :class:`KeyHold`: a hold keeps keys while it lasts and gives them back in typing
order, in front of anything typed later.
"""

from __future__ import annotations

import asyncio
import re
from collections import deque
from time import monotonic
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from textual import events
from textual.driver import Driver
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.timer import Timer

from core.i18n import _
from tui.textual_internals.app import FrameApp, get_time, holds_work, queued_messages
from tui.textual_internals.keys import key_name

SAFETY_SECONDS = 2.0
"""A marker can be lost only if its widget is removed while the key is in flight; the queue
then moves on after this long instead of holding every later key.  Counted in time the program
ran (see :data:`SAFETY_TICK`), not on the wall clock."""

SAFETY_TICK = 0.1
"""The safety timer looks every this long and counts at most one and a half ticks each time:
a process that stood still (a loaded machine that did not schedule it, a long collection) comes
back to a timer overdue by seconds, and counting that stall gave up on a key whose handling had
simply not had its turn yet — CI saw ``4 1-0⏎p`` deliver ``p`` into the result line before the
line had closed."""

MAX_SCREEN_WAITS = 4
"""How many screens one key may open in a row before the next key is delivered anyway."""

EAGER_CHECKS = 200
"""How many times in a row the app looks again at once (one turn of the event loop each) before
it looks only every :data:`QUIET_POLL` seconds: a pump busy for long is a thread's answer or
a pairing, not the key's own messages."""

QUIET_POLL = 0.01


class KeySettled(Message, bubble=True):
    """Follows one key through the widgets; reaching the app means the key was handled."""

    def __init__(self, ticket: int) -> None:
        super().__init__()
        self.ticket = ticket


LINE_BREAKS = re.compile(r"[\r\n]+")
"""A run of line breaks is one: Windows ends a line with CR LF, and a terminal pastes each LF
as CR (tmux's ``paste-buffer``, most terminals), so a copied ``4 1-0⏎5 0-1`` arrives as
``4 1-0\r\r5 0-1``.  A blank line in a paste carries nothing to enter (issue 29: the second
Enter of each line left the result line for the table, where the next line ran one-key
results; in the form it said "type the name first")."""


def paste_as_keys(text: str, kind: type[events.Key] = events.Key) -> list[events.Key]:
    """A pasted text with Tab or line breaks as the keys a person would have typed: each
    character, ``tab`` between fields and ``enter`` at the end of a line (one per line, see
    :data:`LINE_BREAKS`); ``kind``: the keys' class (a paste makes :class:`PastedKey`)."""
    keys: list[events.Key] = []
    for char in LINE_BREAKS.sub("\n", text):
        if char == "\t":
            keys.append(kind("tab", "\t"))
        elif char == "\n":
            keys.append(kind("enter", "\r"))
        elif char.isprintable():
            keys.append(kind(char if char.isalnum() else _key_name(char), char))
    return keys


def put_aside_hidden(text: str, hooks: ScreenHooks) -> str | None:
    """A pasted list without its lines that hold a control or invisible character: each such
    line is put aside in the screen's refused list (:meth:`ScreenHooks.put_aside_pasted`), with
    the character named by line and position and taken out, so Ctrl+R brings back a line that
    can be entered after a look.  ``None``: one line only, or no list to put lines in — the
    paste is refused whole, as before.  Why: one zero-width space copied from a web page threw
    away a whole pasted list, its clean lines with it (a review: lost input)."""
    from core.fields import character_said
    from core.safe_text import hidden_character

    lines = LINE_BREAKS.split(text)
    if len([line for line in lines if line.strip()]) < 2:
        return None
    kept: list[str] = []
    for number, line in enumerate(lines, 1):
        at = hidden_character(line.replace("\t", " "))
        if at is None:
            kept.append(line)
            continue
        reason = _("line {line}: {character} at position {position} is a control or invisible character; "
                   "the line was put aside without it").format(line=number, character=character_said(line[at]),
                                                              position=at + 1)
        if not hooks.put_aside_pasted(without_hidden(line), reason):
            return None
    return "\n".join(kept)


def without_hidden(line: str) -> str:
    """``line`` without its control and invisible characters (Tabs kept: they part fields)."""
    from core.safe_text import hidden_character

    out = line
    while (at := hidden_character(out.replace("\t", " "))) is not None:
        out = out[:at] + out[at + 1:]
    return out


def first_line(text: str) -> str:
    """The first line with something in it, without its line break: a paste onto a table
    that registers records puts one record into the form and stops there (Enter registers
    it; a list pasted onto the table was every line a player, a URL or a CSV header too)."""
    return next((line for line in text.splitlines() if line.strip()), "")


class PastedKey(events.Key):
    """A key made from a paste (:meth:`SerialKeys._paste`): text, never a table's command —
    its own class instead of a mark added to Textual's event."""


PastedKey.handler_name = events.Key.handler_name
"""Handled as the key it is (``on_key``, ``_on_key``): Textual names a message's handlers
after its class, which would make a pasted key ``on_pasted_key`` that no widget handles."""


def pasted(event: events.Event) -> bool:
    """Whether ``event`` is a key made from a paste."""
    return isinstance(event, PastedKey)


class KeyHold:
    """Something that keeps keys back while it lasts; the keys it kept go on, in the order they
    were typed and in front of anything typed later, once it is over (see the module doc).  One
    mechanism for a question (keys typed before it was drawn) and for work the organiser
    started and waits for (a pairing: every key but those that stop it)."""

    held_keys: list[events.Event] | None = None
    """The keys kept, in the order they came (made on the first: a question is mixed into a
    screen, whose own ``__init__`` this class does not run)."""

    def keep(self, event: events.Event) -> None:
        """Hold ``event`` until the hold is over (a question may be asked before it is mounted)."""
        if self.held_keys is None:
            self.held_keys = []
        self.held_keys.append(event)

    def give_back(self) -> list[events.Event]:
        """The keys held, in the order they came; the hold keeps none."""
        held, self.held_keys = self.held_keys or [], None
        return held

    def holds(self, event: events.Event) -> bool:
        """Whether ``event`` waits for this hold to end."""
        raise NotImplementedError

    def lasts(self, app: SerialKeys) -> bool:
        """Whether the hold is still on (its keys wait)."""
        raise NotImplementedError


if TYPE_CHECKING:
    from textual.widget import Widget

    from tui.hooks import ScreenHooks

    _Node = Widget
    """What :class:`HoldsTypeAhead` is mixed into (a screen, a Widget): the checker reads its
    ``self`` as one; at run time it stays a plain mixin."""
else:
    _Node = object


class HoldsTypeAhead(KeyHold, _Node):
    """Mixin for a screen that asks a question: keys typed before its first frame are not
    its answer (see the module doc).  ``shown_at`` is the time that frame was written to the
    terminal (``None`` until then), stamped by :meth:`SerialKeys.frame_written` in the same step as
    the write — a callback after the refresh came too late under load: the answer typed on
    seeing the question was read before it ran and counted as typed ahead.  A key's own time
    is when it was read from the terminal (:mod:`tui.driver`)."""

    shown_at: float | None = None

    def on_unmount(self) -> None:
        app = self.app
        if isinstance(app, SerialKeys):
            app.question_closed()

    def typed_before(self, event: events.Event) -> bool:
        return self.shown_at is None or event.time < self.shown_at

    def holds(self, event: events.Event) -> bool:
        return self.typed_before(event)

    def lasts(self, app: SerialKeys) -> bool:
        return isinstance(self, Screen) and self in app.screen_stack  # mixed into screens only


STOP_KEYS = frozenset({"escape", "ctrl+q"})
"""Keys never held while the app is busy: they stop what it is busy with (or quit)."""


class BusyHold(KeyHold):
    """Work the organiser started and waits for (a pairing): every key typed meanwhile waits
    for its outcome — result lines typed behind ``p`` are for the new round — except the keys
    that stop it.  Over when released, or when the widget that started it is gone."""

    def __init__(self, owner: MessagePump) -> None:
        self.owner = owner
        self.released = False

    def holds(self, event: events.Event) -> bool:
        return not (isinstance(event, events.Key) and event.key in STOP_KEYS)

    def lasts(self, app: SerialKeys) -> bool:
        return not self.released and self.owner.is_attached


def _key_name(char: str) -> str:
    return key_name(char)


class SerialKeys(FrameApp[int]):
    """App mixin: delivers keys and pastes strictly in arrival order (see the module doc)."""

    _key_queue: deque[events.Event]
    """Keys and pastes read from the terminal and not yet handed over, oldest first."""
    _holding: list[KeyHold]
    """Holds that keep keys back now (a question on screen, work the organiser waits for)."""
    _busy: list[BusyHold]
    """Work the organiser started and waits for (:meth:`hold_keys`)."""
    _key_ticket = 0
    _key_busy = False
    _key_timer: Timer | None = None
    _key_ran = 0.0
    """How long the key being handled has been in flight, in time the program ran."""
    _key_looked = 0.0
    """When the safety timer last looked (monotonic seconds)."""
    _key_screen: object = None
    _key_waits = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._key_queue = deque()
        self._holding = []
        self._busy = []

    def get_driver_class(self) -> type[Driver]:
        """Our driver where Textual would use its Linux one (``TEXTUAL_DRIVER`` still wins): its
        keys carry the time they were read, which :class:`HoldsTypeAhead` relies on."""
        from textual import constants

        driver = super().get_driver_class()
        if constants.DRIVER is None and (driver.__module__, driver.__name__) == ("textual.drivers.linux_driver", "LinuxDriver"):
            from tui.driver import HakemDriver

            return HakemDriver
        return driver

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self._key_queue.append(event)  # a paste is opened into keys when its turn comes (see _paste)
            if not self._key_busy:
                await self._deliver_keys()
            return
        await super().on_event(event)

    async def _deliver_keys(self) -> None:
        queue = self._key_queue
        self._restore_held(queue)
        while queue and not self._key_busy:
            event = queue.popleft()
            hold = self._hold_for(event)
            if hold is not None:
                hold.keep(event)  # not for now: kept for later
                if hold not in self._holding:
                    self._holding.append(hold)
                continue
            if isinstance(event, events.Paste):
                if not self._paste(event, queue):
                    continue
            elif pasted(event) and not self._into_text_field():
                continue  # the rest of a paste with no text field to go to: text, never commands
            self._key_busy = True
            self._key_screen = self.screen
            self._key_waits = 0
            await super().on_event(event)  # Textual's own handling: priority bindings, forward
            self._post_marker()

    def _hold_for(self, event: events.Event) -> KeyHold | None:
        """The hold ``event`` waits for: the question on screen if it was typed before the
        question was drawn, else work the organiser waits for."""
        screen = self.screen
        if isinstance(screen, HoldsTypeAhead) and screen.typed_before(event):
            return screen
        for hold in self._busy:
            if hold.lasts(self) and hold.holds(event):
                return hold
        return None

    def hold_keys(self, owner: MessagePump) -> None:
        """``owner`` (a widget) starts work the organiser waits for: keys wait until
        :meth:`release_keys` (or until ``owner`` is gone), the stop keys aside."""
        if not any(hold.owner is owner and hold.lasts(self) for hold in self._busy):
            self._busy.append(BusyHold(owner))

    def release_keys(self, owner: object) -> None:
        """The work ``owner`` started is over and its outcome is on screen: the keys typed
        meanwhile go on."""
        for hold in self._busy:
            if hold.owner is owner:
                hold.released = True
        self._busy = [h for h in self._busy if h.lasts(self)]
        if not self._key_busy:
            self.call_later(self._deliver_keys)

    def frame_written(self, screen: Screen, renderable: RenderableType | None) -> None:
        """A question's first frame stamps ``shown_at``."""
        if (isinstance(screen, HoldsTypeAhead) and screen.shown_at is None and renderable is not None
                and not self.updates_batched and screen is self.screen):
            screen.shown_at = get_time()

    def _paste(self, paste: events.Paste, queue: deque[events.Event]) -> bool:
        """A paste is text, never commands: it goes into a text field — the focused one, else
        the one the screen names for pasted text (``paste_target``: the players' name field,
        the result entry line), else nowhere (said).  A text with Tab or line breaks becomes
        the keys a person would have typed, in front of the queue.  True: deliver ``paste``
        itself now."""
        from textual.widgets import Input, TextArea

        onto_table = not isinstance(self.focused, (Input, TextArea))
        if not self._into_text_field():
            self.bell()
            self.notify(_("Pasted text goes into a text field; nothing here takes text."),
                        severity="warning")
            return False
        from tui.widgets.fields import paste_refusal

        from tui.hooks import hooks_of

        hooks = hooks_of(self.screen)
        text = paste.text
        problem = paste_refusal(text, allowed="\t\r\n")
        if problem is not None and hooks.PASTE_AS_KEYS:
            clean = put_aside_hidden(text, hooks)
            if clean is not None:
                problem = None
                if text != clean:
                    text = clean
                    if not text.strip():
                        return False  # every line put aside
        if problem is not None:  # the keys below would drop it silently, the field would keep it
            self.bell()
            self.notify(problem, severity="error")
            return False
        if not hooks.PASTE_AS_KEYS:
            return True  # one field's text: a Tab or a line break in it is the field's to refuse
        if onto_table and hooks.paste_one_record(text):
            text = first_line(text)
        if any(c in text for c in "\t\r\n"):
            keys = paste_as_keys(text, PastedKey)
            for key in keys:
                key.time = paste.time  # typed (pasted) when the paste arrived
            queue.extendleft(keys[::-1])
            return False
        if text != paste.text:  # one line, no break: the paste itself, cut
            cut = events.Paste(text)
            cut.time = paste.time
            queue.appendleft(cut)
            self.notify(_("Only the first line went into the form (Enter registers it): a list is pasted into "
                          "the name field, or read with hakem players import."), severity="warning")
            return False
        return True

    def _into_text_field(self) -> bool:
        """Make sure pasted text goes into a text field: the focused one, else the one the
        screen names for pasted text (``paste_target``).  Checked for every key of a paste, not
        only its first: a line's Enter may move the focus (a submitted form, an empty result
        line), and the next line is still text — never the one-key commands of a table
        (issue 29).  False: no field here takes text."""
        from textual.widgets import Input, TextArea

        if isinstance(self.focused, (Input, TextArea)):
            return True
        from tui.hooks import hooks_of

        target = hooks_of(self.screen).paste_target()
        if target is None:
            return False
        self.screen.set_focus(target)
        return True

    def _restore_held(self, queue: deque[events.Event]) -> None:
        """Keys of holds that are over go back to the front of the queue, in the order they
        were typed (each hold's own keys were typed before the next's)."""
        held: list[events.Event] = []
        for hold in self._holding:
            if not hold.lasts(self):
                held.extend(hold.give_back())
        self._holding = [hold for hold in self._holding if hold.lasts(self)]
        ordered = sorted(held, key=lambda e: e.time)  # stable: a paste's keys share one time
        queue.extendleft(ordered[::-1])

    def question_closed(self) -> None:
        """Called as a question leaves the screen (answered by key or mouse): its held keys
        go on."""
        if not self._key_busy:
            self.call_later(self._deliver_keys)

    def _post_marker(self) -> None:
        """Send the marker after the key; without a live target the key is done already."""
        self._key_ticket += 1
        target = self.focused or self.screen
        if target is None or not target.post_message(KeySettled(self._key_ticket)):
            self._release_key()
            return
        if self._key_timer is not None:
            self._key_timer.stop()
        self._key_ran = 0.0
        self._key_looked = monotonic()
        self._key_timer = self.set_timer(SAFETY_TICK, self._safety_tick)

    def _safety_tick(self) -> None:
        """The key is still in flight: give up on its marker once the program has run for
        :data:`SAFETY_SECONDS` since it was sent, a stall counting as one tick."""
        now = monotonic()
        self._key_ran += min(now - self._key_looked, 1.5 * SAFETY_TICK)
        self._key_looked = now
        if self._key_ran >= SAFETY_SECONDS:
            self._release_key()
        elif self._key_busy:
            self._key_timer = self.set_timer(SAFETY_TICK, self._safety_tick)

    def on_key_settled(self, message: KeySettled) -> None:
        message.stop()
        if message.ticket == self._key_ticket and self._key_busy:
            # what the key's handling asked the app to do later (Textual moves the focus with
            # ``call_later``) is queued before this: the next key waits for it
            self.call_later(self._key_done, message.ticket)

    async def _key_done(self, ticket: int, checks: int = 0) -> None:
        if ticket != self._key_ticket or not self._key_busy:
            return  # a marker that the safety timer already gave up on
        if self.screen is not self._key_screen and self._key_waits < MAX_SCREEN_WAITS:
            # the key opened or closed a screen: let it mount and take the focus first
            self._key_screen = self.screen
            self._key_waits += 1
            self._post_marker()
            return
        if not self._quiet():
            # what the key caused is still travelling (a submitted form, a closing dialog):
            # look again once the others had their turn; the app's own queue goes first
            if checks < EAGER_CHECKS:
                await asyncio.sleep(0)
                self.call_later(self._key_done, ticket, checks + 1)
            else:
                self.set_timer(QUIET_POLL, lambda: self.call_later(self._key_done, ticket, checks))
            return
        self._release_key()
        await self._deliver_keys()

    def _pumps(self) -> Iterator[MessagePump]:
        """Every message pump that can hold what a key caused: the app, the screens on the
        stack and every widget in them (toasts included)."""
        yield self
        for screen in self.screen_stack:
            yield from screen.walk_children(with_self=True)

    def _quiet(self) -> bool:
        """No pump has a message waiting (keys still queued for the app aside: they come into
        the key queue in their turn) nor a callback due after its current message."""
        for pump in self._pumps():
            if holds_work(pump):
                return False
            size = pump.message_queue_size
            if size and not (pump is self and self._only_input_waiting()):
                return False
        return True

    def _only_input_waiting(self) -> bool:
        """The app's queue holds nothing but keys and pastes (read from the terminal while the
        previous key was handled)."""
        waiting = queued_messages(self)
        # a forwarded key is one bubbling up from a widget: part of the key being handled
        return all(isinstance(m, (events.Key, events.Paste)) and not m.is_forwarded for m in waiting)

    @property
    def keys_pending(self) -> bool:
        """Keys (or pastes) read from the terminal and not yet handled to the end: waiting in
        the app's queue, in the key queue, or the one being handled."""
        waiting = queued_messages(self)
        return (self._key_busy or bool(self._key_queue)
                or any(isinstance(m, (events.Key, events.Paste)) and not m.is_forwarded for m in waiting))

    def _release_key(self) -> None:
        if self._key_timer is not None:
            self._key_timer.stop()
            self._key_timer = None
        was_busy = self._key_busy
        self._key_busy = False
        if was_busy and self._key_queue:
            self.call_later(self._deliver_keys)
