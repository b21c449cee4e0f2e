"""Brokers for a club: Mosquitto (the one docs/club.md recommends) started with a
generated configuration, and an embedded amqtt broker for a one-laptop club.

``Mosquitto(folder, users)`` writes ``mosquitto.conf``, a password file (through
``mosquitto_passwd``) and an ACL (``acl_text``: a table writes only its own topics), then
``start()`` runs it on a free loopback port; ``restart()`` stops it (SIGTERM: it saves its
persistent sessions) and starts it again on the same port. ``bridge_to(remote, user,
password)`` adds a bridge (league: a room's broker forwards its tables to the league's).
"""

import os
import shutil
import signal
import socket
import subprocess
import threading
import time

from host_sim.club import message as M

CLUB_USER = "club-host"


class BrokerError(Exception):
    """The broker could not be set up or did not start."""


def free_port():
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, timeout=10.0, host="127.0.0.1"):
    """Wait until ``host``:``port`` accepts connections; BrokerError after ``timeout`` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection((host, port), 0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise BrokerError("nothing listens on %s:%d after %.0f s" % (host, port, timeout))


def acl_text(root=M.ROOT, club_user=CLUB_USER, bridges=()):
    """Mosquitto ACL: the club host reads every table and writes seats and resend
    requests; each table (its user is its table id) writes only its own events and state
    and reads only its own seats and resend requests; ``bridges``: users that forward a
    room's tables (write anything under ``root``)."""
    lines = ["user %s" % club_user, "topic read %s/#" % root,
             "topic write %s/+/seats" % root, "topic write %s/+/resend" % root, ""]
    for b in bridges:
        lines += ["user %s" % b, "topic readwrite %s/#" % root, ""]
    lines += ["pattern write %s/%%u/events" % root, "pattern write %s/%%u/state" % root,
              "pattern read %s/%%u/seats" % root, "pattern read %s/%%u/resend" % root, ""]
    return "\n".join(lines)


class Mosquitto:
    """A Mosquitto broker in ``folder`` (config, passwords, ACL, log, persistence) for
    ``users`` ``{name: password}``; ``bridges``: the users that are other rooms' bridges."""

    def __init__(self, folder, users, port=None, bridges=(), root=M.ROOT):
        exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not os.path.exists(exe) or not shutil.which("mosquitto_passwd"):
            raise BrokerError("mosquitto is not installed (apt-get install mosquitto)")
        self.exe = exe
        self.folder = folder
        self.port = port or free_port()
        self.proc = None
        self.bridge_lines = []
        os.makedirs(folder, exist_ok=True)
        self.pwfile = os.path.join(folder, "passwords")
        open(self.pwfile, "w").close()
        for name, pw in users.items():
            subprocess.run(["mosquitto_passwd", "-b", self.pwfile, name, pw], check=True,
                           capture_output=True)
        with open(os.path.join(folder, "acl"), "w") as f:
            f.write(acl_text(root, bridges=bridges))

    def bridge_to(self, remote_port, user, password, name="league", root=M.ROOT):
        """Forward this room's table topics to the broker on loopback ``remote_port`` as
        ``user`` (a bridge user of that broker's ACL)."""
        self.bridge_lines = [
            "connection %s" % name, "address 127.0.0.1:%d" % remote_port,
            "remote_username %s" % user, "remote_password %s" % password,
            "remote_clientid bridge-%s-%d" % (name, self.port),
            "cleansession false", "restart_timeout 1 2",
            "topic %s/+/events out 1" % root, "topic %s/+/state out 1" % root]

    def _write_conf(self):
        conf = ["listener %d 127.0.0.1" % self.port, "allow_anonymous false",
                "password_file %s" % self.pwfile,
                "acl_file %s" % os.path.join(self.folder, "acl"),
                "persistence true", "persistence_location %s/" % self.folder,
                "max_queued_messages 100000", "log_dest file %s" % os.path.join(
                    self.folder, "mosquitto.log"),
                "log_type error", "log_type warning", "log_type notice"] + self.bridge_lines
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            conf.insert(0, "user root")  # else it drops to user mosquitto: no access here
        path = os.path.join(self.folder, "mosquitto.conf")
        with open(path, "w") as f:
            f.write("\n".join(conf) + "\n")
        return path

    def start(self):
        """Write the configuration and run mosquitto; BrokerError when it does not listen
        within 10 s. Returns self."""
        conf = self._write_conf()
        self.proc = subprocess.Popen([self.exe, "-c", conf], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        try:
            wait_port(self.port)
        except BrokerError:
            self.stop()
            raise
        return self

    def stop(self):
        """SIGTERM (mosquitto saves its persistent sessions), killed after 10 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def restart(self, down_s=0.5):
        """Stop (persistent sessions saved), wait ``down_s`` seconds, start again."""
        self.stop()
        time.sleep(down_s)
        return self.start()

    def log(self):
        """The broker's log file so far ("" when there is none)."""
        try:
            with open(os.path.join(self.folder, "mosquitto.log")) as f:
                return f.read()
        except OSError:
            return ""


class EmbeddedBroker:
    """An amqtt broker in a thread on ``host``:``port`` (anonymous, for one laptop's
    club: docs/club.md says to use Mosquitto with users and ACL in a real room)."""

    def __init__(self, host="127.0.0.1", port=1883):
        self.host, self.port = host, port or free_port()
        self._loop = None
        self._broker = None
        self._thread = None

    def start(self):
        """Run the broker in its own thread with its own event loop; BrokerError when it
        does not start. Returns self."""
        import asyncio

        from amqtt.broker import Broker

        config = {"listeners": {"default": {"type": "tcp",
                                            "bind": "%s:%d" % (self.host, self.port)}},
                  "plugins": {"amqtt.plugins.authentication.AnonymousAuthPlugin":
                              {"allow_anonymous": True}}}
        ready = threading.Event()
        errors = []

        def run():
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
            try:
                self._broker = Broker(config, loop=self._loop)
                self._loop.run_until_complete(self._broker.start())
            except Exception as e:  # reported to the caller below
                errors.append(e)
                ready.set()
                return
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, daemon=True, name="amqtt-broker")
        self._thread.start()
        ready.wait(20)
        if errors:
            raise BrokerError("the embedded broker did not start on %s:%d: %s (a broker "
                              "already running there? choose another port with "
                              "--embedded-port, or use it with --broker)"
                              % (self.host, self.port, errors[0]))
        return self

    def stop(self):
        """Shut the broker down and end its thread."""
        import asyncio
        if self._loop is None:
            return
        fut = asyncio.run_coroutine_threadsafe(self._broker.shutdown(), self._loop)
        try:
            fut.result(10)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
