"""device/mqtt_link.py under MicroPython: the board's link taps its frames into MqttLink
over a recording stand-in for umqtt.simple's MQTTClient (the same methods); prints each
published message's JSON. A connection that fails keeps the message pending until poll()
reconnects. tests/test_club.py compares the output with the desktop's messages."""

import json

import heap

heap.report("before imports")
from core import protocol as P  # noqa: E402
from device.link import Link  # noqa: E402
from device.mqtt_link import MqttLink  # noqa: E402

heap.report("after imports")


class Client:
    def __init__(self):
        self.sent = []
        self.down = False
        self.cb = None
        self.will = None

    def set_callback(self, f):
        self.cb = f

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self.will = (topic, msg, retain, qos)

    def connect(self, clean_session=True):
        if self.down:
            raise OSError(113)

    def subscribe(self, topic, qos=0):
        pass

    def publish(self, topic, msg, retain=False, qos=0):
        if self.down:
            raise OSError(104)
        self.sent.append((topic, msg, retain, qos))

    def check_msg(self):
        pass


class Uart:
    def any(self):
        return 0

    def read(self, n=-1):
        return None

    def write(self, data):
        return len(data)


client = Client()
mq = MqttLink(client, "T01", lambda: 1000)
link = Link(Uart())
link.tap = mq.tap
assert mq.start()
link.hello("skat")
link.send(P.EV_CARD, (0, "CJ"))
client.down = True
link.send(P.EV_ROW, (["game", "P1"], [1, 24]))
assert len(mq.pending) == 1 and not mq.connected
client.down = False
mq.poll()
assert mq.pending == []
for topic, msg, retain, qos in client.sent:
    m = json.loads(msg)
    print("msg", topic.decode(), retain, qos, m["seq"], m["kind"], m["deal"],
          json.dumps(m["payload"]))
print("will", client.will[0], json.loads(client.will[1])["payload"]["status"])
heap.report("end")
print("OK")
