"""A call from the event loop to a pool's thread and back, in as few turns of the loop as it can take.

asgiref's SyncToAsync (what channels' ``database_sync_to_async`` is) brings a thread's result back in
three turns of the event loop: the thread's answer, a shield around it, then the waiting task. In a
busy process each turn is milliseconds, and every move's frame waited for one such call. Here the
answer wakes the waiting task directly: two turns.

What SyncToAsync does that callers rely on is kept: the call runs in a copy of the caller's context
variables, its error is raised in the caller, and a caller cancelled while the call runs still waits
for it and gets its result (a command that was stored is then still shown and broadcast); one
cancelled before its call started raises CancelledError, and the call never runs. Unlike
SyncToAsync, changes the call makes to context variables stay in the thread, and ``async_to_sync``
inside the call would run on a loop of its own: the live threads' calls use neither.
"""

import asyncio
import contextvars


async def on_thread(pool, call):
    """``call()`` on one of ``pool``'s threads; its result, or its error raised here."""
    loop = asyncio.get_running_loop()
    answer = _Answer(loop)
    job = pool.submit(answer.run, contextvars.copy_context(), call)
    try:
        return await answer.future
    except asyncio.CancelledError:
        if answer.outcome is None and job.cancel():
            raise  # it had not started: it never will
        return await answer.after_cancel()


class _Answer:
    """Where the thread's outcome comes back to the loop."""

    def __init__(self, loop):
        self.loop = loop
        self.future = loop.create_future()
        self.outcome = None  # (result, error) once the call has ended

    def run(self, context, call):
        """On the thread: the call, then its outcome handed to the loop."""
        try:
            outcome = (context.run(call), None)
        except BaseException as error:
            outcome = (None, error)
        self.loop.call_soon_threadsafe(self._settle, outcome)

    def _settle(self, outcome):
        self.outcome = outcome
        if not self.future.done():
            _resolve(self.future, outcome)

    async def after_cancel(self):
        """The outcome of a call that went on after its caller was cancelled, once it ends."""
        if self.outcome is None:
            self.future = self.loop.create_future()
            await self.future
        result, error = self.outcome
        if error is not None:
            raise error
        return result


def _resolve(future, outcome):
    result, error = outcome
    if error is None:
        future.set_result(result)
    elif isinstance(error, StopIteration):  # a future refuses it (it would end the awaiting coroutine)
        future.set_exception(RuntimeError(f"the call raised {error!r}"))
    else:
        future.set_exception(error)
