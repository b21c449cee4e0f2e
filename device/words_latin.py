"""Letters the LCD's A00 character ROM lacks, written in ASCII (``device.words.lcd``):
German umlauts as ``ae oe ue ss`` (the spelling German uses where umlauts are missing),
French letters without their accents, Ukrainian Cyrillic in the national transliteration
(Cabinet of Ministers of Ukraine resolution 55 of 2010, the forms inside a word).
Loaded only when a text holds such a letter. docs/languages.md.
"""

# Each table is one string, split once at import: a board interns every short string
# constant of a module for good (the 58 letters and their spellings, about 1K of a 32-bit
# heap that unloading the module did not give back); long strings and the pieces a split
# makes are ordinary heap, freed with the module (device.words.set_language unloads it).
_ACCENTED = "äöüÄÖÜßàâçéèêëîïôùûœÉÈÀŒ’"
_PLAIN = "ae,oe,ue,Ae,Oe,Ue,ss,a,a,c,e,e,e,e,i,i,o,u,u,oe,E,E,A,Oe,'".split(",")
_CYR = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"
# The capitals spelled out: MicroPython's str.lower() changes only ASCII letters (a board's
# unicode has no case tables), so "Нова гра" lowered there stays "Нова гра".
_CYR_UP = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
_LAT = "a,b,v,h,g,d,e,ie,zh,z,y,i,i,i,k,l,m,n,o,p,r,s,t,u,f,kh,ts,ch,sh,shch,,iu,ia".split(",")


def latin(text):
    """``text`` with every letter above written in ASCII; other non-ASCII is ``?``
    (CGRAM codes 0..7 stay)."""
    out = []
    for ch in text:
        if " " <= ch <= "~" or ch < "\x08":
            out.append(ch)
            continue
        i = _ACCENTED.find(ch)
        if i >= 0:
            got = _PLAIN[i]
        else:
            i = _CYR.find(ch)
            if i >= 0:
                got = _LAT[i]
            else:
                i = _CYR_UP.find(ch)
                got = "?" if i < 0 else _LAT[i][:1].upper() + _LAT[i][1:]
        out.append(got)
    return "".join(out)
