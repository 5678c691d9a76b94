"""Wiring Quorum's tools into a langchain chat model (a sketch: it needs an LLM to run).

    pip install './clients/python[langchain]' langchain-openai   # or any chat model with tool calling
    QUORUM_URL=... QUORUM_API_KEY=qk_... OPENAI_API_KEY=... python clients/python/examples/langchain_agent.py

This file does NOT run without a chat model and its credentials; the tools themselves are tested
without any LLM in tests/clients/test_langchain.py. The loop below is the plain tool-calling loop
of langchain-core (no agent framework needed): the model asks for tools, we run them, hand the
ToolMessages back, until the model answers.
"""

from __future__ import annotations

import uuid

from langchain_core.messages import HumanMessage, SystemMessage

from quorum_client import Quorum
from quorum_client.langchain import quorum_tools

SYSTEM = """You assist Ana García with her reports. Quorum is your team's shared memory about her.
Start with `briefing`, `recall` before asking her anything you may already know, `remember` what is
new and durable as it happens, and finish with `end_session` (an honest reflection)."""


def main() -> None:
    from langchain_openai import ChatOpenAI  # any chat model that supports bind_tools

    quorum = Quorum()  # QUORUM_URL, QUORUM_API_KEY
    # Bound: the model cannot write about someone else, mix sessions, or choose the purpose.
    tools = quorum_tools(quorum, subject="ana-garcia", session_id=f"chat-{uuid.uuid4().hex[:8]}",
                         purpose="essential.service")
    by_name = {tool.name: tool for tool in tools}
    model = ChatOpenAI(model="gpt-4o-mini").bind_tools(tools)

    messages = [SystemMessage(SYSTEM), HumanMessage("Draft my Q3 report summary, please.")]
    for _ in range(10):  # bounded: a model that keeps calling tools is stopped
        reply = model.invoke(messages)
        messages.append(reply)
        if not reply.tool_calls:
            print(reply.content)
            break
        for call in reply.tool_calls:
            # A Quorum error comes back as a ToolMessage with status="error" whose text starts with the
            # stable code (e.g. "reflection_too_shallow: ..."), so the model can correct itself.
            messages.append(by_name[call["name"]].invoke(call))
    quorum.close()


if __name__ == "__main__":
    main()
