import pytest
from django.core.management import call_command


@pytest.fixture
def demo(db, tmp_path, monkeypatch):  # noqa: ANN001
    """The seed_demo world (keys file in a temporary folder, never the developer's var/)."""
    from config.management.commands import seed_demo

    monkeypatch.setattr(seed_demo.embedded, "var_dir", lambda: tmp_path)
    call_command("seed_demo", stdout=open("/dev/null", "w"))
    return tmp_path


@pytest.fixture
def signed_in(client):  # noqa: ANN001
    def login(username: str, password: str):
        assert client.login(username=username, password=password), username
        return client
    return login
