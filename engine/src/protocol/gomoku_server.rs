//! The pos / move / go / quit gomoku match server.
