"""Textual's app and message pumps, opened for :mod:`tui.keys`: the moment a frame is written,
whether updates are being batched, Textual's clock, and what a pump still holds (see the
package doc for why each)."""

from __future__ import annotations

from collections import deque
from typing import TypeVar

from rich.console import RenderableType
from textual._time import get_time
from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen

__all__ = ["FrameApp", "get_time", "holds_work", "queued_messages"]

ReturnType = TypeVar("ReturnType")


class FrameApp(App[ReturnType]):
    """Textual's App telling :meth:`frame_written` of every frame it writes."""

    def _display(self, screen: Screen, renderable: RenderableType | None) -> None:
        super()._display(screen, renderable)
        self.frame_written(screen, renderable)

    def frame_written(self, screen: Screen, renderable: RenderableType | None) -> None:
        """A frame of ``screen`` went to the terminal (``renderable`` None: nothing new)."""

    @property
    def updates_batched(self) -> bool:
        """Inside ``batch_update``: what is written now is not a whole frame yet."""
        return bool(self._batch_count)


def queued_messages(pump: MessagePump) -> deque[Message | None]:
    """The messages waiting in ``pump``'s queue, oldest first (Textual's queue keeps a deque)."""
    return pump._message_queue.values


def holds_work(pump: MessagePump) -> bool:
    """``pump`` is in the middle of a message (one taken out to look at) or has callbacks due
    after its current one.  Read with defaults: a widget not started yet has neither."""
    pending = getattr(pump, "_pending_message", None)
    return pending is not None or bool(getattr(pump, "_next_callbacks", None))
