#pragma once

#include <QObject>

// The agent server's HTTP transport against raw sockets and a fake session:
// tst_mcphttpserver.cpp has the protocol and sessions, mcphttphostiletests.cpp hostile clients.
class TestMcpHttpServer : public QObject
{
    Q_OBJECT

private slots:
    void listenRefusesWhatIsNotLoopbackOrWeak_data();
    void listenRefusesWhatIsNotLoopbackOrWeak();
    void listensOnLoopback();
    void generatesUnguessableTokens();
    void parserReadsAnySplit();

    void initializeOpensSessionAndRequestsReachIt();
    void notificationsAndResponsesAre202();
    void unreadableMessageIs400();

    void refusesWithoutTheToken_data();
    void refusesWithoutTheToken();
    void refusesForeignOrigin_data();
    void refusesForeignOrigin();
    void refusesForeignHost_data();
    void refusesForeignHost();
    void refusesBeforeReadingTheBody();

    void refusesOversizedBodies();
    void bodyLongerThanDeclaredIsTheNextRequest();
    void refusesUnframedBodies();
    void refusesMalformedRequests_data();
    void refusesMalformedRequests();
    void pathsAndMethods();
    void expectAndConnectionClose();

    void sessionRules();
    void protocolVersionHeader();
    void sessionLimit();
    void failedInitializeFreesItsSlot();

    void keepAliveAndPipelining();
    void burstOfRequests();
    void clientThatDoesNotReadStallsOnlyItself();
    void connectionLimit();
    void slowClientsAreClosed();
    void strangersCannotLockOutTheTokenHolder();
    void strangersHaveAShortHeadDeadline();
    void fullServerEvictsStrangersFirst();
    void tokenHolderIsJudgedOnArrival();
    void answersMayComeLate();
    void lateAnswerAfterClientLeft();
    void closeEndsEverySession();
    void sessionThatClosesItselfIsForgotten();
    void idleSessionsAreClosed();
    void nodeFetchClient();
};
