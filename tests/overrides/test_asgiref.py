"""games.overrides.asgiref: a call from the event loop to a pool's thread and back, as asgiref's SyncToAsync makes it
for the live threads: the result or error in the caller, the caller's context variables in the call,
and a cancelled caller that still gets the result of a call that had started."""

import asyncio
import contextvars
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.overrides.asgiref import on_thread

who = contextvars.ContextVar("who", default=None)


@pytest.fixture
def pool():
    pool = ThreadPoolExecutor(max_workers=1)
    yield pool
    pool.shutdown(wait=True)


@pytest.mark.asyncio
async def test_the_call_runs_on_a_pool_thread_with_the_callers_context_and_its_result_comes_back(pool):
    who.set("ana")
    result = await on_thread(pool, lambda: (threading.current_thread() is threading.main_thread(), who.get()))
    assert result == (False, "ana")


@pytest.mark.asyncio
async def test_the_calls_error_is_raised_in_the_caller(pool):
    def refuse():
        raise ValueError("no such table")

    with pytest.raises(ValueError, match="no such table"):
        await on_thread(pool, refuse)


@pytest.mark.asyncio
async def test_a_caller_cancelled_while_the_call_runs_still_gets_its_result(pool):
    started, may_end = threading.Event(), threading.Event()
    done = []

    def command():
        started.set()
        may_end.wait(5)
        done.append("stored")
        return "version 7"

    caller = asyncio.ensure_future(on_thread(pool, command))
    await asyncio.get_running_loop().run_in_executor(None, started.wait, 5)
    caller.cancel()
    await asyncio.sleep(0.05)
    assert not caller.done()  # it waits for the call, which goes on
    may_end.set()
    assert await asyncio.wait_for(caller, 5) == "version 7"
    assert done == ["stored"]


@pytest.mark.asyncio
async def test_a_caller_cancelled_before_its_call_started_never_runs_it(pool):
    may_end = threading.Event()
    ran = []
    busy = asyncio.ensure_future(on_thread(pool, lambda: may_end.wait(5)))  # the pool's one thread
    waiting = asyncio.ensure_future(on_thread(pool, lambda: ran.append("ran")))
    await asyncio.sleep(0.05)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    may_end.set()
    await busy
    await asyncio.sleep(0.05)
    assert ran == []
