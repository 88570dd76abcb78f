"""tiptoi-sim: a stand-in for the tiptoi pen for *Der Millionen-Coup*, and a table assistant
for *Rette die Million!*, *Coup*, *Millions of Dollars* and *Gold Connection*."""

__version__ = "0.1.0"
