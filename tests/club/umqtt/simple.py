"""A CPython stand-in for micropython-lib's ``umqtt.simple`` (MQTT 3.1.1 over a plain
socket, the same class and methods: ``MQTTClient(client_id, server, port, user, password,
keepalive)``, ``set_callback``, ``set_last_will``, ``connect(clean_session)``,
``publish(topic, msg, retain, qos)`` waiting for the PUBACK at QoS 1, ``subscribe``,
``check_msg``, ``wait_msg``, ``ping``, ``disconnect``), so device/mqtt_link.py is tested
against a real broker. The PyPI package ``micropython-umqtt.simple`` 1.3.4 is an sdist
without setup.py and does not install on CPython. Errors are OSError, as on the board."""

import socket
import struct


class MQTTException(Exception):
    pass


class MQTTClient:
    def __init__(self, client_id, server, port=0, user=None, password=None, keepalive=0,
                 ssl=False, ssl_params=None):
        self.client_id = client_id if isinstance(client_id, bytes) else client_id.encode()
        self.server, self.port = server, port or 1883
        self.user, self.pswd = user, password
        self.keepalive = keepalive
        self.sock = None
        self.pid = 0
        self.cb = None
        self.lw_topic = self.lw_msg = None
        self.lw_qos, self.lw_retain = 0, False

    def _send_str(self, s):
        s = s if isinstance(s, bytes) else s.encode()
        self.sock.sendall(struct.pack("!H", len(s)) + s)

    def _recv(self, n):
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise OSError(-1, "connection closed by the broker")
            out += chunk
        return out

    def _recv_len(self):
        n, sh = 0, 0
        while True:
            b = self._recv(1)[0]
            n |= (b & 0x7F) << sh
            if not b & 0x80:
                return n
            sh += 7

    @staticmethod
    def _len(n):
        out = bytearray()
        while True:
            b = n & 0x7F
            n >>= 7
            out.append(b | (0x80 if n else 0))
            if not n:
                return bytes(out)

    def set_callback(self, f):
        self.cb = f

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self.lw_topic, self.lw_msg, self.lw_qos, self.lw_retain = topic, msg, qos, retain

    def connect(self, clean_session=True):
        self.sock = socket.create_connection((self.server, self.port), 5)
        flags = 0x02 if clean_session else 0
        body = bytearray(b"\x00\x04MQTT\x04")
        payload = struct.pack("!H", len(self.client_id)) + self.client_id
        if self.user is not None:
            flags |= 0xC0
        if self.lw_topic:
            flags |= 0x04 | (self.lw_qos & 1) << 3 | (self.lw_qos & 2) << 3 | \
                self.lw_retain << 5
            t = self.lw_topic if isinstance(self.lw_topic, bytes) else self.lw_topic.encode()
            payload += struct.pack("!H", len(t)) + t + struct.pack("!H", len(self.lw_msg)) + \
                self.lw_msg
        if self.user is not None:
            for s in (self.user, self.pswd):
                s = s.encode()
                payload += struct.pack("!H", len(s)) + s
        body += bytes([flags]) + struct.pack("!H", self.keepalive) + payload
        self.sock.sendall(b"\x10" + self._len(len(body)) + bytes(body))
        resp = self._recv(4)
        if resp[0] != 0x20 or resp[1] != 0x02:
            raise OSError(-1, "bad CONNACK")
        if resp[3] != 0:
            raise MQTTException(resp[3])
        return resp[2] & 1

    def disconnect(self):
        self.sock.sendall(b"\xe0\0")
        self.sock.close()

    def ping(self):
        self.sock.sendall(b"\xc0\0")

    def publish(self, topic, msg, retain=False, qos=0):
        topic = topic if isinstance(topic, bytes) else topic.encode()
        body = struct.pack("!H", len(topic)) + topic
        if qos > 0:
            self.pid = self.pid % 65535 + 1
            body += struct.pack("!H", self.pid)
        body += msg
        self.sock.sendall(bytes([0x30 | qos << 1 | retain]) + self._len(len(body)) + body)
        if qos == 1:
            while True:
                op = self.wait_msg()
                if op == 0x40:
                    n = self._recv_len()
                    rid = struct.unpack("!H", self._recv(n)[:2])[0]
                    if rid == self.pid:
                        return

    def subscribe(self, topic, qos=0):
        topic = topic if isinstance(topic, bytes) else topic.encode()
        self.pid = self.pid % 65535 + 1
        body = struct.pack("!H", self.pid) + struct.pack("!H", len(topic)) + topic + \
            bytes([qos])
        self.sock.sendall(b"\x82" + self._len(len(body)) + body)
        while True:
            op = self.wait_msg()
            if op == 0x90:
                n = self._recv_len()
                resp = self._recv(n)
                if resp[2] == 0x80:
                    raise MQTTException(resp[2])
                return

    def wait_msg(self):
        """One packet: a PUBLISH goes to the callback (None returned); other packet
        types are returned with their length still unread (as umqtt.simple)."""
        res = self.sock.recv(1)
        self.sock.setblocking(True)  # the rest of a packet is read in full
        if res == b"":
            raise OSError(-1, "connection closed by the broker")
        if res is None:
            return None
        op = res[0]
        if op == 0xD0:  # PINGRESP
            self._recv(1)
            return None
        if op & 0xF0 != 0x30:
            return op
        n = self._recv_len()
        tl = struct.unpack("!H", self._recv(2))[0]
        topic = self._recv(tl)
        n -= tl + 2
        pid = None
        if op & 6:
            pid = struct.unpack("!H", self._recv(2))[0]
            n -= 2
        msg = self._recv(n)
        self.cb(topic, msg)
        if op & 6 == 2:
            self.sock.sendall(b"\x40\x02" + struct.pack("!H", pid))
        return None

    def check_msg(self):
        self.sock.setblocking(False)
        try:
            return self.wait_msg()
        except BlockingIOError:
            return None
        finally:
            if self.sock.fileno() >= 0:
                self.sock.setblocking(True)
